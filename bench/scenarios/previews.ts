import { setTimeout as sleep } from 'node:timers/promises';
import type { DialectName } from '../../server/db/dialect.ts';
import { linkPostFields } from '../../server/features/posts/post-content.ts';
import { localSitesFetcher, startLocalSites } from '../../server/test/local-sites.ts';
import { startBenchServer, type Scenario } from '../harness.ts';

/** Goal of the preview queue: 10,000 previews within 2 minutes, one page per host at a time. */
const GOAL_SECONDS = 120;
const POSTS = 10_000;
const HOSTS = 100;
const USERS = 10;
/** Each page answers after this long: a quick site, so the queue's own costs show. */
const PAGE_DELAY_MS = 20;
const INSERT_BATCH = 500;

/** A 1×1 PNG: every site has a favicon, fetched once per host and then cached. */
const ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Measured {
  seconds: number;
  done: number;
  maxOpenPerHost: number;
  maxOpenTotal: number;
}

/**
 * One run: a fresh database with USERS users owning POSTS link posts, page n of site n % HOSTS
 * (so every user's posts cover every host), inserted as an import writes them; then the clock
 * runs from the worker's start until every preview is done.
 */
async function measure(dialect: DialectName, concurrency: number): Promise<Measured> {
  const sites = await startLocalSites((host, request, response) => {
    if (request.url === '/icon.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(ICON);
      return;
    }
    void sleep(PAGE_DELAY_MS).then(() =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><html><head><title>${host}${request.url}</title>
        <meta name="description" content="A page of ${host}.">
        <meta name="theme-color" content="#336699">
        <link rel="icon" href="/icon.png"></head><body></body></html>`,
      ),
    );
  });
  const fetcher = localSitesFetcher(sites.port);
  const server = await startBenchServer(dialect, { previewConcurrency: concurrency }, { fetcher });
  try {
    const now = new Date().toISOString();
    const users: { userId: number }[] = [];
    for (let n = 0; n < USERS; n++) users.push(await server.signUp(`reader${n}@bench.test`));
    for (let start = 0; start < POSTS; start += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, POSTS - start) }, (_, offset) => {
        const n = start + offset;
        return {
          ...linkPostFields(new URL(`${sites.origin(n % HOSTS)}/page/${n}`), null),
          user_id: users[n % USERS]!.userId,
          collection_id: null,
          order: Math.floor(n / USERS) + 1,
          created_at: now,
          updated_at: now,
        };
      });
      await server.db.insertInto('posts').values(rows).execute();
    }

    const started = performance.now();
    await server.app.previews.drain();
    const seconds = (performance.now() - started) / 1000;

    const { done } = await server.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('done'))
      .where('preview_status', '=', 'done')
      .executeTakeFirstOrThrow();
    return {
      seconds,
      done: Number(done),
      maxOpenPerHost: Math.max(...sites.maxOpenPerHost.values()),
      maxOpenTotal: sites.maxOpenTotal(),
    };
  } finally {
    await server.close();
    await fetcher.close();
    await sites.close();
  }
}

/**
 * `previews`: 10,000 link posts of 10 users over 100 host names, every page served by one local
 * server on 127.0.0.1 after a 20 ms delay, reached through the SSRF guard with a bench-only DNS
 * and allowance (server/test/local-sites.ts); the worker drains the queue with the default
 * PREVIEW_CONCURRENCY and with 16.
 */
export const previewsScenario: Scenario = {
  description: `${POSTS.toLocaleString('en')} link previews over ${HOSTS} hosts (pages answer after ${PAGE_DELAY_MS} ms): time until all are done, most pages open at once per host`,
  async run({ dialects }) {
    const rows: (string | number)[][] = [];
    for (const dialect of dialects) {
      for (const concurrency of [4, 16]) {
        const result = await measure(dialect, concurrency);
        if (result.done !== POSTS) throw new Error(`${result.done} of ${POSTS} previews done`);
        rows.push([
          dialect,
          concurrency,
          result.seconds.toFixed(1),
          GOAL_SECONDS,
          Math.round(POSTS / result.seconds),
          result.maxOpenPerHost,
          1,
          result.maxOpenTotal,
        ]);
      }
    }
    return [
      {
        title: 'previews: 10,000 pending link posts → every preview done',
        columns: [
          'database',
          'PREVIEW_CONCURRENCY',
          'seconds',
          'goal s',
          'previews/s',
          'most open per host',
          'goal',
          'most open in all',
        ],
        rows,
        notes: [
          'One Nestmark app in this process (backgroundPreviews off; app.previews.drain() runs the',
          'worker until the queue is empty); the page server runs in the same process. Pages carry',
          'title, description, theme colour and a favicon (fetched once per host), no og:image, so',
          'no thumbnails are made. Open = requests the page server has received and not yet answered.',
        ],
      },
    ];
  },
};
