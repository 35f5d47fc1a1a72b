import type { IncomingMessage, ServerResponse } from 'node:http';
import SQLite from 'better-sqlite3';
import {
  InsertQueryNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
} from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { postEndpoints } from '../../../contract/posts.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import {
  localSitesFetcher,
  siteName,
  startLocalSites,
  type LocalSites,
} from '../../test/local-sites.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { linkPostFields } from '../posts/post-content.ts';
import type { LinkFetcher } from './guarded-fetcher.ts';
import { DEFAULT_PREVIEW_LEASE_MS } from '../../config.ts';
import { PREVIEW_RETRY_DELAYS_MS } from './preview-worker.ts';
import { claimPendingPreview, queuePendingPreviews } from './previews.repository.ts';

/*
 * The preview queue: bounded concurrency, one page per host at a time (also across processes),
 * users taking turns, crashed claims taken over. Pages come from many host names served by one
 * local server on 127.0.0.1 (server/test/local-sites.ts), which counts the requests open per
 * host. While `holding`, it keeps every page request waiting until the test releases it, so the
 * test sees how many previews are in progress at once without measuring time.
 */

// Hundreds of previews per test on a machine other work may keep busy.
vi.setConfig({ testTimeout: 60_000 });

let sites: LocalSites;
let fetcher: LinkFetcher;
let t: TestApp;
let holding = false;
const held: { host: string; release: () => void }[] = [];

function respond(host: string, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url!, 'http://local');
  if (url.pathname === '/flaky') return response.writeHead(503).end();
  if (url.pathname !== '/page') return response.writeHead(404).end();
  const answer = () =>
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<title>${host} ${url.searchParams.get('n')}</title>`);
  if (holding) held.push({ host, release: answer });
  else answer();
}

beforeAll(async () => {
  sites = await startLocalSites(respond);
  fetcher = localSitesFetcher(sites.port);
});
afterEach(async () => {
  holding = false;
  for (const request of held.splice(0)) request.release();
  await t.close();
  sites.open.clear();
  sites.maxOpenPerHost.clear();
  sites.requests.length = 0;
});
afterAll(async () => {
  await fetcher.close();
  await sites.close();
});

/** Link posts of `user` straight into the database (as an import writes them), oldest first. */
async function insertLinks(db: Db, user: TestUser, urls: string[]): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = urls.map((url, n) => ({
    ...linkPostFields(new URL(url), null),
    user_id: user.id,
    collection_id: null,
    order: n + 1,
    created_at: now,
    updated_at: now,
  }));
  const inserted = await db.insertInto('posts').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

/** The machine may be busy: the worker gets its time to reach each state. */
const POLL = { timeout: 10_000 };

/** Host names of the page requests released so far, in order. */
const released: string[] = [];

/**
 * Releases held page requests one at a time, oldest first, until `total` were answered. Before
 * each release it waits until exactly `inProgress()` requests are held: the previews the worker
 * should have in progress at that point. Any more would show in the server's open counts.
 */
async function releaseInTurn(total: number, inProgress: () => number) {
  released.length = 0;
  while (released.length < total) {
    await expect.poll(() => held.length, POLL).toBe(inProgress());
    const next = held.shift()!;
    released.push(next.host);
    next.release();
  }
}

const pageOf = (site: number, n: number | string) => `${sites.origin(site)}/page?n=${n}`;
const pagesOf = (site: number, count: number) =>
  Array.from({ length: count }, (_, n) => pageOf(site, n));

it('fetches at most PREVIEW_CONCURRENCY previews at once', async () => {
  t = await createTestApp({ fetcher, config: { previewConcurrency: 3 } });
  const ada = await t.createUser();
  await insertLinks(
    t.db,
    ada,
    Array.from({ length: 9 }, (_, site) => pageOf(site, 0)),
  );
  holding = true;
  const drained = t.app.previews.drain();
  await releaseInTurn(9, () => Math.min(3, 9 - released.length));
  expect(await drained).toBe(9);
  expect(sites.maxOpenTotal()).toBe(3);
  const posts = await t.db.selectFrom('posts').select('preview_status').execute();
  expect(posts.map((post) => post.preview_status)).toEqual(Array(9).fill('done'));
});

it('starts a lane for a link saved while the other lanes are busy, not after them', async () => {
  t = await createTestApp({ fetcher, config: { previewConcurrency: 2 } });
  const ada = await t.createUser();
  await insertLinks(t.db, ada, [pageOf(0, 0)]);
  holding = true;
  // One lane waits for the slow page; the other found nothing more and ended.
  const drained = t.app.previews.drain();
  await expect.poll(() => held.length, POLL).toBe(1);
  await insertLinks(t.db, ada, [pageOf(1, 0)]);
  t.app.previews.kick();
  // The new link is fetched while the slow page still is (not once its fetch gave up).
  await expect
    .poll(() => [sites.open.get(siteName(0)), sites.open.get(siteName(1))], POLL)
    .toEqual([1, 1]);
  for (const request of held.splice(0)) request.release();
  expect(await drained).toBe(2);
});

it('fetches one page per host at a time, also with two processes', async () => {
  t = await createTestApp({ fetcher, config: { previewConcurrency: 4 } });
  const second = await buildApp({
    config: t.config,
    db: t.db,
    clock: t.clock,
    logging: false,
    fetcher,
    backgroundPreviews: false,
    backgroundCopies: false,
  });
  const ada = await t.createUser();
  const hosts = [siteName(0), siteName(1), siteName(2)];
  await insertLinks(t.db, ada, [...pagesOf(0, 3), ...pagesOf(1, 3), ...pagesOf(2, 3)]);
  holding = true;
  const drained = Promise.all([t.app.previews.drain(), second.previews.drain()]);
  // Each host with pages left has exactly one of them in progress.
  await releaseInTurn(
    9,
    () => hosts.filter((host) => released.filter((done) => done === host).length < 3).length,
  );
  const [one, two] = await drained;
  await second.close();
  expect(one + two).toBe(9);
  for (const host of hosts) expect(sites.maxOpenPerHost.get(host)).toBe(1);
  expect(sites.maxOpenTotal()).toBe(3);
  // Every page was fetched once.
  const pages = sites.requests.filter((request) => request.path.startsWith('/page'));
  expect(new Set(pages.map((request) => `${request.host}${request.path}`)).size).toBe(9);
  expect(pages).toHaveLength(9);
});

it('lets users take turns: a link saved during a big import of another user is among the next few fetched', async () => {
  t = await createTestApp({ fetcher, config: { previewConcurrency: 2 } });
  const ada = await t.createUser();
  const bob = await t.createUser();
  // Ada's import: 500 links over 50 sites.
  await insertLinks(
    t.db,
    ada,
    Array.from({ length: 500 }, (_, n) => pageOf(n % 50, n)),
  );
  holding = true;
  const drained = t.app.previews.drain();
  await expect.poll(() => held.length, POLL).toBe(2);
  for (let n = 0; n < 4; n++) {
    await expect.poll(() => held.length, POLL).toBe(2);
    held.shift()!.release();
  }
  await expect.poll(() => held.length, POLL).toBe(2);
  const saved = await t.call(postEndpoints.create, {
    token: bob.token,
    body: { content: pageOf(99, 'bob') },
  });
  expect(saved.status).toBe(201);
  // Two of Ada's are in progress; Bob's is claimed next, before any more of Ada's.
  const before = sites.requests.length;
  for (let n = 0; n < 2; n++) {
    await expect.poll(() => held.length, POLL).toBe(2);
    held.shift()!.release();
  }
  await expect.poll(() => held.length, POLL).toBe(2);
  const next = sites.requests.slice(before).filter((request) => request.path.startsWith('/page'));
  expect(next[0]).toEqual({ host: siteName(99), path: '/page?n=bob' });
  // The rest of Ada's import is not this test's business.
  const stopped = t.app.previews.stop();
  holding = false;
  for (const request of held.splice(0)) request.release();
  await stopped;
  await drained;
  const bobsPost = await t.call(postEndpoints.get, {
    token: bob.token,
    params: { id: saved.body.data.id },
  });
  expect(bobsPost.body.data).toMatchObject({
    title: `${siteName(99)} bob`,
    preview_status: 'done',
  });
});

it('claims for each user in turn, newest post first', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  const bob = await t.createUser();
  const adas = await insertLinks(
    t.db,
    ada,
    Array.from({ length: 500 }, (_, n) => pageOf(n % 50, n)),
  );
  const claim = () => claimPendingPreview(t.db, t.clock(), DEFAULT_PREVIEW_LEASE_MS);
  expect(await queuePendingPreviews(t.db)).toBe(500);
  expect(await claim()).toMatchObject({ id: adas[499], user_id: ada.id, attempts: 1 });
  expect(await claim()).toMatchObject({ id: adas[498], user_id: ada.id });
  const [bobs] = await insertLinks(t.db, bob, [pageOf(99, 'bob')]);
  await queuePendingPreviews(t.db);
  expect(await claim()).toMatchObject({ id: bobs, user_id: bob.id, host: siteName(99) });
  expect(await claim()).toMatchObject({ id: adas[497], user_id: ada.id });
});

it('claims on when other claimers took every post it read: many lanes at once all get a post', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  // More posts, each of its own host, than one claim reads: lanes of two processes at once all
  // read the same newest ones, and all but the first lose some of them to the others.
  const ids = await insertLinks(
    t.db,
    ada,
    Array.from({ length: 12 }, (_, n) => pageOf(n, n)),
  );
  await queuePendingPreviews(t.db);
  const claims = await Promise.all(
    ids.map(() => claimPendingPreview(t.db, t.clock(), DEFAULT_PREVIEW_LEASE_MS)),
  );
  expect(claims.map((claim) => claim?.id).sort((a, b) => a! - b!)).toEqual(ids);
  expect(await claimPendingPreview(t.db, t.clock(), DEFAULT_PREVIEW_LEASE_MS)).toBeUndefined();
});

it('reads past posts waiting for a retry: a new link goes first, then retries as they fall due', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  // An import of dead links: every one failed once and waits for its retry.
  const dead = await insertLinks(
    t.db,
    ada,
    Array.from({ length: 300 }, (_, n) => pageOf(n, n)),
  );
  await queuePendingPreviews(t.db);
  const claim = () => claimPendingPreview(t.db, t.clock(), DEFAULT_PREVIEW_LEASE_MS);
  const inOneMinute = new Date(t.clock().getTime() + 60_000).toISOString();
  await t.db
    .updateTable('posts')
    .set({ preview_attempts: 1, preview_retry_at: inOneMinute })
    .where('id', 'in', dead)
    .execute();
  // One falls due earlier than the others.
  await t.db
    .updateTable('posts')
    .set({ preview_retry_at: new Date(t.clock().getTime() + 30_000).toISOString() })
    .where('id', '=', dead[5]!)
    .execute();
  expect(await claim()).toBeUndefined();

  const [fresh] = await insertLinks(t.db, ada, [pageOf(400, 'new')]);
  await queuePendingPreviews(t.db);
  expect(await claim()).toMatchObject({ id: fresh, attempts: 1 });
  expect(await claim()).toBeUndefined();

  t.clock.advance(30_000);
  expect(await claim()).toMatchObject({ id: dead[5], attempts: 2 });
  expect(await claim()).toBeUndefined();
  t.clock.advance(30_000);
  // Due at the same time: the oldest post first.
  expect(await claim()).toMatchObject({ id: dead[0], attempts: 2 });
  expect(await claim()).toMatchObject({ id: dead[1], attempts: 2 });
});

it('takes over a crashed claim after its lease, and keeps its host for it until then', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  const [older, newer] = await insertLinks(t.db, ada, pagesOf(5, 2));
  await queuePendingPreviews(t.db);
  // Another process claims the newer one and dies.
  const crashed = await claimPendingPreview(t.db, t.clock(), DEFAULT_PREVIEW_LEASE_MS);
  expect(crashed).toMatchObject({ id: newer, host: siteName(5) });
  // Its host stays leased: not even the other post of that host is fetched.
  expect(await t.app.previews.drain()).toBe(0);
  t.clock.advance(DEFAULT_PREVIEW_LEASE_MS);
  expect(await t.app.previews.drain()).toBe(0);
  expect(sites.requests).toEqual([]);
  t.clock.advance(1);
  expect(await t.app.previews.drain()).toBe(2);
  const posts = await t.db
    .selectFrom('posts')
    .select(['id', 'preview_status', 'preview_attempts'])
    .orderBy('id')
    .execute();
  expect(posts).toEqual([
    { id: older, preview_status: 'done', preview_attempts: 1 },
    { id: newer, preview_status: 'done', preview_attempts: 2 },
  ]);
  expect(sites.requests.filter((request) => request.path.startsWith('/page'))).toHaveLength(2);
  expect(await t.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
});

it('retries a passing failure after growing waits, then gives up after the last try', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  const url = `${sites.origin(7)}/flaky`;
  const [id] = await insertLinks(t.db, ada, [url]);
  const post = () =>
    t.db
      .selectFrom('posts')
      .select(['title', 'preview_status', 'preview_attempts'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
  expect(await t.app.previews.drain()).toBe(1);
  expect(await post()).toMatchObject({ preview_status: 'pending', preview_attempts: 1 });
  expect(PREVIEW_RETRY_DELAYS_MS).toEqual([60_000, 600_000, 3_600_000, 21_600_000]);
  for (const [retry, wait] of PREVIEW_RETRY_DELAYS_MS.entries()) {
    // Not tried again before its wait is over, then tried once.
    t.clock.advance(wait - 1);
    expect(await t.app.previews.drain()).toBe(0);
    t.clock.advance(1);
    expect(await t.app.previews.drain()).toBe(1);
    expect((await post()).preview_attempts).toBe(retry + 2);
  }
  expect(await post()).toMatchObject({ preview_status: 'failed', title: url });
  expect(sites.requests.filter((request) => request.path === '/flaky')).toHaveLength(5);
  t.clock.advance(PREVIEW_RETRY_DELAYS_MS.at(-1)!);
  expect(await t.app.previews.drain()).toBe(0);
  expect(sites.requests.filter((request) => request.path === '/flaky')).toHaveLength(5);
});

/** Counts the statements run through it. */
function countingStatements(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery({ node }: PluginTransformQueryArgs) {
      plugin.count++;
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  return plugin;
}

it('queues pending links in one pass of a few statements per 500 posts, however many hosts', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  // An import's links: nearly every one on a host of its own.
  const ids = await insertLinks(
    t.db,
    ada,
    Array.from({ length: 1200 }, (_, n) => pageOf(n, n)),
  );
  const counter = countingStatements();
  expect(await queuePendingPreviews(t.db.withPlugin(counter))).toBe(1200);
  // Three batches (500, 500, 200), a read and an update each; the short one is the last.
  expect(counter.count).toBe(6);
  const queued = await t.db
    .selectFrom('posts')
    .select(['id', 'preview_host', 'preview_origin', 'base_url'])
    .orderBy('id')
    .execute();
  expect(queued.map((post) => post.preview_host)).toEqual(
    Array.from({ length: 1200 }, (_, n) => siteName(n)),
  );
  for (const post of queued) expect(post.preview_origin).toBe(post.base_url);
  // A link changed since: queued again under its new host.
  await t.db
    .updateTable('posts')
    .set({ url: pageOf(1500, 'moved'), base_url: sites.origin(1500) })
    .where('id', '=', ids[7]!)
    .execute();
  expect(await queuePendingPreviews(t.db)).toBe(1);
  expect(
    await t.db
      .selectFrom('posts')
      .select('preview_host')
      .where('id', '=', ids[7]!)
      .executeTakeFirstOrThrow(),
  ).toEqual({ preview_host: siteName(1500) });
});

it('stops queueing between batches when asked to (shutdown)', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  await insertLinks(
    t.db,
    ada,
    Array.from({ length: 1200 }, (_, n) => pageOf(n, n)),
  );
  expect(await queuePendingPreviews(t.db, { stopped: () => true })).toBe(500);
  expect(await queuePendingPreviews(t.db)).toBe(700);
});

/**
 * Refuses the statements `refuses` picks with SQLite's "database is locked" (SQLITE_BUSY), as
 * SQLite does while another connection holds the write lock past the busy timeout.
 */
function busyWhen(refuses: (node: RootOperationNode) => boolean): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (refuses(node)) throw new SQLite.SqliteError('database is locked', 'SQLITE_BUSY');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

/** The name of the table a statement writes to, for inserts and updates. */
function writtenTable(node: RootOperationNode): string | undefined {
  const table = InsertQueryNode.is(node)
    ? node.into
    : UpdateQueryNode.is(node)
      ? node.table
      : undefined;
  return table && 'table' in table
    ? (table as { table: { identifier: { name: string } } }).table.identifier.name
    : undefined;
}

it('leaves nothing half-claimed and loses no fetched preview while SQLite is busy', async () => {
  t = await createTestApp({ fetcher });
  const ada = await t.createUser();
  await insertLinks(t.db, ada, [pageOf(1, 'a'), pageOf(2, 'b'), pageOf(3, 'c')]);
  let refuseTurns = true;
  let refuseFinishes = 2;
  const busyDb = t.db.withPlugin(
    busyWhen((node) => {
      // A claim's last write: its lease and post were written before it in the same transaction.
      if (refuseTurns && writtenTable(node) === 'preview_turns') return true;
      // A finished preview's write (the only update that ends a claim as done).
      const finishing =
        UpdateQueryNode.is(node) &&
        JSON.stringify(node.updates).includes('"done"') &&
        refuseFinishes > 0;
      if (finishing) refuseFinishes--;
      return finishing;
    }),
  );
  const worker = await buildApp({
    config: t.config,
    db: busyDb,
    clock: t.clock,
    logging: false,
    fetcher,
    backgroundPreviews: false,
    backgroundCopies: false,
  });
  try {
    // Every claim refused: the round ends, and no lease or claim is left behind.
    expect(await worker.previews.drain()).toBe(0);
    expect(await t.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
    const unclaimed = await t.db
      .selectFrom('posts')
      .select(['preview_status', 'preview_claimed_at', 'preview_attempts'])
      .execute();
    expect(unclaimed).toEqual(
      Array(3).fill({ preview_status: 'pending', preview_claimed_at: null, preview_attempts: 0 }),
    );
    expect(sites.requests).toEqual([]);

    // Claims go through; the first two finished previews' writes are refused once each and
    // written on the next try: each page fetched once, every post done, no lease left.
    refuseTurns = false;
    expect(await worker.previews.drain()).toBe(3);
    expect(refuseFinishes).toBe(0);
    const posts = await t.db
      .selectFrom('posts')
      .select(['title', 'preview_status', 'preview_attempts'])
      .orderBy('id')
      .execute();
    expect(posts).toEqual(
      ['a', 'b', 'c'].map((n, site) => ({
        title: `${siteName(site + 1)} ${n}`,
        preview_status: 'done',
        preview_attempts: 1,
      })),
    );
    expect(sites.requests.filter((request) => request.path.startsWith('/page'))).toHaveLength(3);
    expect(await t.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
  } finally {
    await worker.close();
  }
});
