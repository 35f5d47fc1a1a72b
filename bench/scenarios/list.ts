import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportJob } from '../../contract/bookmarks-io.ts';
import type { DialectName } from '../../server/db/dialect.ts';
import { generateBookmarkFile } from '../../server/test/generated-bookmarks.ts';
import { SEED, startBenchServer, type Scenario } from '../harness.ts';

/**
 * Goals: the real route at 40 % of a bare one or more on SQLite, 30 % on PostgreSQL, where every
 * query is a round trip to another process.
 */
const GOAL_RATIO: Record<DialectName, number> = { sqlite: 0.4, postgres: 0.3 };
const SECONDS = 10;
/** The load generator runs in a worker thread, so it does not share the server's event loop. */
const LOAD = { connections: 10, workers: 1 };

/**
 * `list`: requests per second of a page of 20 posts with their tags from a collection of 5,000
 * (imported from a generated file), against a bare Fastify route in the same process returning
 * the same 20 posts as a fixed JSON body, one after the other in the same run.
 */
export const listScenario: Scenario = {
  description:
    'GET /api/posts?collection_id=…&limit=20&withTags=true against a bare Fastify route returning the same 20 posts',
  async run({ dialects }) {
    const rows: (string | number)[][] = [];
    const file = generateBookmarkFile({ count: 5_000, seed: SEED, perFolder: 5_000 });
    for (const dialect of dialects) {
      const server = await startBenchServer(dialect);
      const bare = Fastify();
      try {
        const { token } = await server.signUp('reader@bench.test');
        const headers = { authorization: `Bearer ${token}` };
        const form = new FormData();
        form.append('file', new Blob([file.html], { type: 'text/html' }), 'list.html');
        let job = (
          (await (
            await fetch(`${server.url}/api/imports`, { method: 'POST', headers, body: form })
          ).json()) as {
            data: ImportJob;
          }
        ).data;
        while (job.status === 'running') {
          await sleep(20);
          job = (
            (await (await fetch(`${server.url}/api/imports/${job.id}`, { headers })).json()) as {
              data: ImportJob;
            }
          ).data;
        }
        // PostgreSQL plans by table statistics, which autovacuum gathers within a minute of an
        // import; gather them now rather than measure the minute before (as the search
        // scenario does).
        if (dialect === 'postgres') await sql`analyze`.execute(server.db);
        const collections = (
          (await (await fetch(`${server.url}/api/collections`, { headers })).json()) as {
            data: { id: number; parent_id: number | null }[];
          }
        ).data;
        const folder = collections.find((collection) => collection.parent_id !== null)!;
        const url = `${server.url}/api/posts?collection_id=${folder.id}&limit=20&withTags=true`;
        const page = (await (await fetch(url, { headers })).json()) as { data: unknown[] };
        if (page.data.length !== 20) throw new Error(`expected 20 posts, got ${page.data.length}`);

        bare.get('/posts', () => page);
        const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/posts`;

        // A short warm-up of each, so that both are measured after the JIT has done its work.
        await autocannon({ url, headers, duration: 2, ...LOAD });
        await autocannon({ url: bareUrl, duration: 2, ...LOAD });
        const real = await autocannon({ url, headers, duration: SECONDS, ...LOAD });
        const fixed = await autocannon({ url: bareUrl, duration: SECONDS, ...LOAD });
        if (real.non2xx + real.errors > 0)
          throw new Error(`${real.non2xx + real.errors} failed requests`);
        const ratio = real.requests.average / fixed.requests.average;
        rows.push([
          dialect,
          Math.round(real.requests.average),
          real.latency.p99,
          Math.round(fixed.requests.average),
          fixed.latency.p99,
          `${(ratio * 100).toFixed(0)} %`,
          `${GOAL_RATIO[dialect] * 100} %`,
        ]);
      } finally {
        await bare.close();
        await server.close();
      }
    }
    return [
      {
        title: 'list: a page of 20 posts with tags, requests per second',
        columns: [
          'database',
          'Nestmark req/s',
          'p99 ms',
          'bare Fastify req/s',
          'p99 ms',
          'ratio',
          'goal',
        ],
        rows,
        notes: [
          `${LOAD.connections} connections for ${SECONDS} s each, after 2 s of warm-up; autocannon in a worker thread.`,
          'Nestmark: the full route (bearer token and session check, access check, one query for the',
          'page and its tags, the serializer compiled from the contract); the session and the page',
          'are kept while nothing is committed (ARCHITECTURE.md#reads-kept), so from the second',
          'request on their queries are a check of the commit count (SQLite) or of the snapshot, one',
          'round trip shared by the requests meanwhile (PostgreSQL). Bare: the same JSON body from a',
          'route with nothing else. The machine is shared: compare ratios, with its load.',
        ],
      },
    ];
  },
};
