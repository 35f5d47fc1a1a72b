import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportJob } from '../../contract/bookmarks-io.ts';
import type { DialectName } from '../../server/db/dialect.ts';
import { STRENGTH_IDLE_MS } from '../../server/lib/strength.ts';
import { openFreshDatabase } from '../../server/test/fresh-database.ts';
import {
  generateBookmarkFile,
  type GeneratedBookmarkFile,
} from '../../server/test/generated-bookmarks.ts';
import { freePort, signInOwner, startServerProcess } from '../../server/test/server-process.ts';
import {
  buildProduction,
  p99AndMax,
  probeOtherRequests,
  SEED,
  signUpOther,
  type Scenario,
} from '../harness.ts';

/** Goals on SQLite: how fast an import lands, its peak memory, and that it never stalls others. */
const GOAL_SECONDS: Record<number, number> = { 10_000: 3, 100_000: 10 };
const GOAL_RSS_MB = 250;
const GOAL_OTHER_MAX_MS = 250;

interface Measured {
  seconds: number;
  peakRssMb: number;
  /** Latencies (ms) of the other user's requests sent while the import ran, by probe. */
  others: Record<'health' | 'list' | 'create', number[]>;
}

/**
 * Imports one generated file into a fresh server process and measures: time from the start of the
 * upload until the job reports done (marking it done makes every post visible at once), the server
 * process's peak RSS, and the slowest of the small requests another client sent meanwhile.
 * Then fetches every post through the API and checks the count.
 */
async function measure(dialect: DialectName, file: GeneratedBookmarkFile): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), `nestmark-bench-import-${dialect}-`));
  const postgres = dialect === 'postgres' ? await openFreshDatabase('postgres') : undefined;
  const server = await startServerProcess({
    port: await freePort(),
    dataDir,
    databaseUrl: postgres?.url,
    entry: 'build',
  });
  try {
    const token = await signInOwner(server);
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(path: string) =>
      ((await (await fetch(`${server.url}${path}`, { headers })).json()) as { data: T }).data;

    // Another user, with a list of their own, sends three kinds of request throughout, each
    // every 50 ms: the health check, a page of their list, and a new post.
    const other = await signUpOther(server.url, token);
    // Creating the other user checked their password on the server's strength thread, which
    // holds zxcvbn's dictionaries until it ends, STRENGTH_IDLE_MS later: the peak measured is
    // the import's, not that of a password set just before.
    await sleep(STRENGTH_IDLE_MS + 1_000);
    const probes = await probeOtherRequests({
      health: { url: `${server.url}/api/health` },
      list: { url: `${server.url}/api/posts?limit=20`, headers: other },
      create: {
        url: `${server.url}/api/posts`,
        method: 'POST',
        headers: { ...other, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'A note of the other user, made during the import' }),
      },
    });

    const form = new FormData();
    form.append('file', new Blob([file.html], { type: 'text/html' }), 'bookmarks.html');
    const start = performance.now();
    const response = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers,
      body: form,
    });
    let job = ((await response.json()) as { data: ImportJob }).data;
    while (job.status === 'running') {
      await sleep(25);
      job = await get<ImportJob>(`/api/imports/${job.id}`);
    }
    const seconds = (performance.now() - start) / 1000;
    const others = await probes.stop();
    const peakRssMb = server.peakRss() / 1024 / 1024;
    if (job.status !== 'done') throw new Error(`import ${job.status}: ${job.error}`);

    const visible = await get<unknown[]>('/api/posts?limit=0');
    if (visible.length !== file.distinctUrls) {
      throw new Error(`${visible.length} posts visible, ${file.distinctUrls} expected`);
    }
    return { seconds, peakRssMb, others };
  } finally {
    await server.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `import`: generated Netscape files of 10,000 and 100,000 bookmarks (seeded: folders nested up
 * to four levels, about 100 bookmarks each, 0–3 tags from 400, a description on every third)
 * uploaded to a server process of its own per run (the build, as in production).
 */
export const importScenario: Scenario = {
  description:
    'Netscape files of 10,000 and 100,000 bookmarks in nested folders with tags: upload until every post is visible, peak RSS',
  async run({ dialects }) {
    buildProduction();
    const rows: (string | number)[][] = [];
    for (const count of [10_000, 100_000]) {
      const file = generateBookmarkFile({ count, seed: SEED });
      const megabytes = (Buffer.byteLength(file.html) / 1024 / 1024).toFixed(1);
      for (const dialect of dialects) {
        const result = await measure(dialect, file);
        const goal = dialect === 'sqlite' ? GOAL_SECONDS[count]! : '-';
        const all = Object.values(result.others).flat();
        rows.push([
          dialect,
          count.toLocaleString('en'),
          megabytes,
          file.folders + 1,
          result.seconds.toFixed(2),
          goal,
          Math.round(result.peakRssMb),
          dialect === 'sqlite' ? GOAL_RSS_MB : '-',
          p99AndMax(result.others.health),
          p99AndMax(result.others.list),
          p99AndMax(result.others.create),
          Math.round(Math.max(...all)),
          dialect === 'sqlite' ? GOAL_OTHER_MAX_MS : '-',
        ]);
      }
    }
    return [
      {
        title: 'import: upload → every post visible',
        columns: [
          'database',
          'bookmarks',
          'file MB',
          'collections',
          'seconds',
          'goal s',
          'peak RSS MB',
          'goal MB',
          'health p99/max ms',
          'list p99/max ms',
          'create p99/max ms',
          'other max ms',
          'goal ms',
        ],
        rows,
        notes: [
          'Each run starts its own server process (node dist/server/main.js, built first) on a fresh',
          "database; peak RSS is that process's VmHWM (its peak resident memory), not the benchmark's.",
          'seconds: from the start of the upload until GET /api/imports/{id} reports done; the import',
          'is published once, so every post becomes visible at that moment; all are then fetched and counted.',
          'Meanwhile another user sends, each every 50 ms after the previous answer: GET /api/health,',
          'GET /api/posts?limit=20 (a page of their own list of 20+ posts) and POST /api/posts (a note);',
          'p99/max of each, and the slowest of all three ("other max"), timed on a thread of their own',
          "(the benchmark's own thread stalls while it sends the upload). The upload starts once the",
          "thread that checked the other user's password has ended (server/lib/strength.ts).",
        ],
      },
    ];
  },
};
