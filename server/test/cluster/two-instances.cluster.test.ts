import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../contract/bookmarks-io.ts';
import { published } from '../../db/staging.ts';
import { INTERRUPTED } from '../../features/bookmarks-io/import-jobs.service.ts';
import { linkPostFields } from '../../features/posts/post-content.ts';
import { openFreshDatabase, type FreshDatabase } from '../fresh-database.ts';
import { generateBookmarkFile } from '../generated-bookmarks.ts';
import { startLocalSites, type LocalSites } from '../local-sites.ts';
import {
  startRoundRobinProxy,
  UPSTREAM_HEADER,
  type RoundRobinProxy,
} from '../round-robin-proxy.ts';
import {
  freePort,
  PROCESS_OWNER,
  signInOwner,
  startServerProcess,
  type ServerProcess,
} from '../server-process.ts';

/*
 * Many instances on one PostgreSQL database (docs/OPERATIONS.md, "Two instances behind a reverse
 * proxy"), run by `npm run test:cluster`: two Nestmark processes from source on one fresh
 * database, with the same JWT_SECRET and FILE_STORE=database, behind a round-robin proxy on
 * 127.0.0.1 (round-robin-proxy.ts) that sends consecutive requests to alternate processes and
 * skips one that refuses connections. Their link previews reach the local sites
 * (local-sites-server.ts) and nothing else. Two tests kill a process with SIGKILL and check what
 * the survivor makes of its unfinished work, one stops a process with SIGTERM (a graceful stop);
 * the stopped one is started again afterwards.
 */

/** The same signing key in every process: any of them accepts any session. */
const JWT_SECRET = 'cluster-test-secret-shared-by-every-process';
/** Link previews fetched at once by each process. */
const PREVIEW_CONCURRENCY = 4;
/**
 * The preview claims' lease: short, so the survivor takes over a killed process's claims within
 * the test, and far above what a preview of a local page takes.
 */
const PREVIEW_LEASE_SECONDS = 10;
/** Host names the previewed pages are spread over (one page per host at a time). */
const HOSTS = 50;
const PREVIEWS = 1000;

const file = generateBookmarkFile({ count: 100_000, seed: 14 });

let database: FreshDatabase;
let sites: LocalSites;
let proxy: RoundRobinProxy;
const ports: number[] = [];
const dataDirs: string[] = [];
/** The running processes, A and B; the proxy's upstreams in this order. */
const instances: ServerProcess[] = [];
/** Every process started, so that a failed test leaves none running. */
const started: ServerProcess[] = [];
/** What afterAll closes, last started first: whatever beforeAll got to start. */
const cleanups: (() => Promise<void>)[] = [];

/**
 * The page server's behaviour: `/page/<n>` answers a page titled with n and how many times it
 * was asked for (so a post's title tells which fetch it was filled from); while `gate` is set,
 * pages wait for it, and `held` holds the numbers of the pages waiting.
 */
const fetches = new Map<number, number>();
const held = new Set<number>();
let gate: { opened: Promise<void>; open: () => void } | undefined;

const pageTitle = (n: number, fetch: number) => `Page ${n}, fetch ${fetch}`;

function closeGate(): void {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  gate = { opened, open };
}

function openGate(): void {
  gate?.open();
  gate = undefined;
}

/** Starts process `index` (0 = A, 1 = B) on its port; resolves once it answers its health check. */
async function startInstance(index: number): Promise<ServerProcess> {
  const server = await startServerProcess({
    port: ports[index]!,
    dataDir: dataDirs[index]!,
    databaseUrl: database.url,
    importMaxMb: Math.ceil(Buffer.byteLength(file.html) / 1024 / 1024),
    localSitesPort: sites.port,
    env: {
      JWT_SECRET,
      FILE_STORE: 'database',
      PREVIEW_CONCURRENCY: String(PREVIEW_CONCURRENCY),
      PREVIEW_LEASE_SECONDS: String(PREVIEW_LEASE_SECONDS),
    },
  });
  started.push(server);
  instances[index] = server;
  return server;
}

/** Kills process `index` with SIGKILL, and starts it again once `then` has run. */
async function killed(index: number, then: () => Promise<void>): Promise<void> {
  await instances[index]!.stop(true);
  try {
    await then();
  } finally {
    await startInstance(index);
  }
}

interface Answer<T = unknown> {
  status: number;
  body: { data: T };
  /** Index of the process that answered (through the proxy), else undefined. */
  upstream: number | undefined;
  bytes: Buffer;
}

/** Sends a request to `base` (the proxy or one process) and reads the whole answer. */
async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  const upstream = response.headers.get(UPSTREAM_HEADER);
  return {
    status: response.status,
    body: json ? (JSON.parse(bytes.toString()) as { data: T }) : { data: undefined as T },
    upstream: upstream === null ? undefined : Number(upstream),
    bytes,
  };
}

/** Polls `read` until `done` holds of its value, for at most `seconds`; resolves with the value. */
async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  seconds = 60,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `waited ${seconds} s for ${what}: ${JSON.stringify(value)} ${JSON.stringify([...fetches].filter(([n]) => n >= 5000))}`,
      );
    await sleep(50);
  }
}

beforeAll(async () => {
  database = await openFreshDatabase('postgres');
  cleanups.push(() => database.drop());
  sites = await startLocalSites((_host, request, response) => {
    const n = Number(/^\/page\/(\d+)$/.exec(request.url ?? '')?.[1] ?? Number.NaN);
    // Anything else (the favicon round) is not there.
    if (Number.isNaN(n)) return void response.writeHead(404).end();
    const fetch = (fetches.get(n) ?? 0) + 1;
    fetches.set(n, fetch);
    const answer = () => {
      if (response.destroyed) return;
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><title>${pageTitle(n, fetch)}</title></head></html>`);
    };
    if (!gate) return answer();
    held.add(n);
    void gate.opened.then(() => {
      held.delete(n);
      answer();
    });
  });
  cleanups.push(() => sites.close());
  for (let index = 0; index < 2; index++) {
    ports.push(await freePort());
    dataDirs.push(mkdtempSync(join(tmpdir(), `nestmark-cluster-${index}-`)));
  }
  // Both start at once on the empty database, as a group of processes may.
  await Promise.all([startInstance(0), startInstance(1)]);
  proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  cleanups.push(() => proxy.close());
}, 120_000);

afterAll(async () => {
  for (const server of started) await server.stop(true);
  openGate();
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two Nestmark processes on one PostgreSQL database behind a round-robin proxy', () => {
  it('serves a session signed in through one process from the other, refreshes and ends it across them', async () => {
    const login = await send<{ token: { access_token: string } }>(
      proxy.url,
      'POST',
      '/api/auth/login',
      { json: PROCESS_OWNER },
    );
    expect(login.status).toBe(200);
    const token = login.body.data.token.access_token;

    const me = await send<{ email: string }>(proxy.url, 'GET', '/api/auth/me', { token });
    expect(me).toMatchObject({ status: 200, body: { data: { email: PROCESS_OWNER.email } } });
    expect(me.upstream).not.toBe(login.upstream);

    // A refresh through one process retires the old token on both at once.
    const refreshed = await send<{ token: { access_token: string } }>(
      proxy.url,
      'POST',
      '/api/auth/refresh',
      { token },
    );
    expect(refreshed.status).toBe(200);
    const renewed = refreshed.body.data.token.access_token;
    for (const instance of instances) {
      expect((await send(instance.url, 'GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await send(instance.url, 'GET', '/api/auth/me', { token: renewed })).status).toBe(
        200,
      );
    }

    // Signing out through one process ends the session on both.
    const logout = await send(proxy.url, 'POST', '/api/auth/logout', { token: renewed });
    expect(logout.status).toBeLessThan(300);
    for (const instance of instances) {
      expect((await send(instance.url, 'GET', '/api/auth/me', { token: renewed })).status).toBe(
        401,
      );
    }
    // The proxy took turns: every request above through it went to the other process than the last.
    expect(proxy.served[0]).toBeGreaterThan(0);
    expect(Math.abs(proxy.served[0]! - proxy.served[1]!)).toBeLessThanOrEqual(1);
  });

  it('serves an image uploaded through one process from the other (FILE_STORE=database)', async () => {
    const token = await signInOwner(instances[0]!);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'picture.png');
    const uploaded = await send<{ path: string }>(proxy.url, 'POST', '/api/files', {
      token,
      form,
    });
    expect(uploaded.status).toBe(201);
    const { path } = uploaded.body.data;

    const loaded = await send(proxy.url, 'GET', path);
    expect(loaded.status).toBe(200);
    expect(loaded.upstream).not.toBe(uploaded.upstream);
    // The same stored bytes from either process, a decodable image of the uploaded size.
    const uploader = await send(instances[uploaded.upstream!]!.url, 'GET', path);
    expect(loaded.bytes.equals(uploader.bytes)).toBe(true);
    expect(await sharp(loaded.bytes).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('fails an import cleanly through the survivor when the process running it is killed: never half-visible, never twice', async () => {
    const a = instances[0]!;
    const token = await signInOwner(a);
    const form = new FormData();
    form.append('file', new Blob([file.html], { type: 'text/html' }), 'bookmarks-100k.html');
    const accepted = await send<ImportJob>(a.url, 'POST', '/api/imports', { token, form });
    expect(accepted.status).toBe(202);
    const id = accepted.body.data.id;

    // Killed partway: it has committed staged posts, and has more to write.
    const partway = await waitFor(
      'the import to have saved some posts',
      async () => (await send<ImportJob>(a.url, 'GET', `/api/imports/${id}`, { token })).body.data,
      (job) => job.status !== 'running' || job.progress.created > 0,
    );
    expect(partway).toMatchObject({ status: 'running', phase: 'saving' });
    expect(partway.progress.created).toBeLessThan(file.distinctUrls);

    await killed(0, async () => {
      // Everything now goes through the proxy to B. Until B takes the job for dead (its heartbeat
      // 15 s old), it is running, and none of its rows shows in any list.
      const ended = await waitFor(
        'the survivor to end the import',
        async () => {
          const [job, posts, collections] = await Promise.all([
            send<ImportJob>(proxy.url, 'GET', `/api/imports/${id}`, { token }),
            send<unknown[]>(proxy.url, 'GET', '/api/posts?limit=1', { token }),
            send<unknown[]>(proxy.url, 'GET', '/api/collections', { token }),
          ]);
          expect([job.upstream, posts.upstream, collections.upstream]).toEqual([1, 1, 1]);
          expect(posts.body.data).toEqual([]);
          expect(collections.body.data).toEqual([]);
          return job.body.data;
        },
        (job) => job.status !== 'running',
      );
      expect(ended).toMatchObject({ status: 'failed', error: INTERRUPTED, summary: null });

      // Its staged rows are gone, the job is the only one, and nothing of it is visible.
      const rows = async (table: 'posts' | 'collections' | 'tags') =>
        Number(
          (
            await database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      expect([await rows('posts'), await rows('collections'), await rows('tags')]).toEqual([
        0, 0, 0,
      ]);
      expect(await database.db.selectFrom('import_jobs').select('status').execute()).toEqual([
        { status: 'failed' },
      ]);
      const all = await send<unknown[]>(proxy.url, 'GET', '/api/posts?limit=0', { token });
      expect(all.body.data).toEqual([]);
    });
  });

  it('does every link preview exactly once when a process is killed while fetching', async () => {
    const token = await signInOwner(instances[0]!);
    const owner = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', PROCESS_OWNER.email)
      .executeTakeFirstOrThrow();
    // Previews only: page copies would fetch the same pages and hold their hosts' leases.
    await database.db
      .updateTable('users')
      .set({ auto_page_copies: 0 })
      .where('id', '=', owner.id)
      .execute();
    const pageUrl = (n: number) => `${sites.origin(n % HOSTS)}/page/${n}`;
    // Most of the link posts written as an import writes them; the last ten saved through the
    // proxy, which tells both processes that previews are due.
    const saved = 10;
    const now = new Date().toISOString();
    for (let start = 0; start < PREVIEWS - saved; start += 500) {
      const rows = Array.from({ length: Math.min(500, PREVIEWS - saved - start) }, (_, i) => ({
        ...linkPostFields(new URL(pageUrl(start + i)), null),
        user_id: owner.id,
        collection_id: null,
        order: start + i + 1,
        created_at: now,
        updated_at: now,
      }));
      await database.db.insertInto('posts').values(rows).execute();
    }
    for (let n = PREVIEWS - saved; n < PREVIEWS; n++) {
      const created = await send(proxy.url, 'POST', '/api/posts', {
        token,
        json: { content: pageUrl(n) },
      });
      expect(created.status).toBe(201);
    }

    const countDone = async () =>
      Number(
        (
          await database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('preview_status', '=', 'done')
            .executeTakeFirstOrThrow()
        ).count,
      );
    await waitFor('a quarter of the previews', countDone, (done) => done >= PREVIEWS / 4);

    // Hold every page requested from now on until both processes wait for one in each lane:
    // then A has PREVIEW_CONCURRENCY previews claimed and half fetched when it is killed.
    closeGate();
    await waitFor(
      'every lane of both processes to wait for a page',
      () => Promise.resolve(held.size),
      (size) => size === 2 * PREVIEW_CONCURRENCY,
    );
    const heldAtKill = new Set(held);
    let doneAtKill = 0;
    await killed(0, async () => {
      doneAtKill = await countDone();
      openGate();
      // B finishes its own and the rest, and A's once their claims have run out.
      await waitFor('every preview', countDone, (done) => done === PREVIEWS, 120);
    });
    expect(doneAtKill).toBeLessThan(PREVIEWS - 2 * PREVIEW_CONCURRENCY);

    // Each page was fetched once, except those A was fetching when it died: fetched again, once.
    const again = [...fetches].filter(([, count]) => count > 1);
    expect(fetches.size).toBe(PREVIEWS);
    expect(again).toHaveLength(PREVIEW_CONCURRENCY);
    for (const [n, count] of again) {
      expect(heldAtKill.has(n)).toBe(true);
      expect(count).toBe(2);
    }
    // Each post holds the result of its page's last fetch, was claimed once (twice: A's), and
    // nothing is left claimed or queued.
    const posts = await database.db
      .selectFrom('posts')
      .select([
        'url',
        'title',
        'preview_status',
        'preview_attempts',
        'preview_claimed_at',
        'preview_host',
      ])
      .where(published('posts'))
      .execute();
    expect(posts).toHaveLength(PREVIEWS);
    for (const post of posts) {
      const n = Number(/\/page\/(\d+)$/.exec(post.url!)![1]);
      const fetched = fetches.get(n)!;
      expect(post).toEqual({
        url: pageUrl(n),
        title: pageTitle(n, fetched),
        preview_status: 'done',
        preview_attempts: fetched,
        preview_claimed_at: null,
        preview_host: null,
      });
    }
    expect(await database.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
    const listed = await send<{ title: string }[]>(proxy.url, 'GET', '/api/posts?limit=0', {
      token,
    });
    expect(listed.body.data.map((post) => post.title).sort()).toEqual(
      posts.map((post) => post.title).sort(),
    );
  });

  it('stops gracefully on SIGTERM: refuses new connections, answers the request in flight, finishes its previews, exits 0', async () => {
    const token = await signInOwner(instances[1]!);
    // Previews only: page copies would fetch the same pages.
    const owner = await database.db
      .updateTable('users')
      .set({ auto_page_copies: 0 })
      .where('email', '=', PROCESS_OWNER.email)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Pages never asked for before, each on its own host, all queued before either process
    // looks (a round's lanes that find nothing end): every lane of both processes takes one.
    const first = 5_000;
    const count = 2 * PREVIEW_CONCURRENCY + 6;
    const pageUrl = (n: number) => `${sites.origin(n % HOSTS)}/page/${n}`;
    closeGate();
    const now = new Date().toISOString();
    await database.db
      .insertInto('posts')
      .values(
        Array.from({ length: count - 2 }, (_, i) => ({
          ...linkPostFields(new URL(pageUrl(first + i)), null),
          user_id: owner.id,
          collection_id: null,
          order: first + i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // One link saved through each process tells both that previews are due.
    for (const [index, instance] of instances.entries()) {
      const created = await send(instance.url, 'POST', '/api/posts', {
        token,
        json: { content: pageUrl(first + count - 2 + index) },
      });
      expect(created.status).toBe(201);
    }
    await waitFor(
      'every lane of both processes to wait for a page',
      () => Promise.resolve(held.size),
      (size) => size === 2 * PREVIEW_CONCURRENCY,
    );

    // A request to A whose headers have arrived (A said 100 Continue), its body not yet sent.
    const stopping = instances[0]!;
    const body = JSON.stringify({ content: 'Written while the process stops' });
    const request = httpRequest(`${stopping.url}/api/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.once('error', reject);
    });
    await new Promise<void>((resolve) => request.once('continue', resolve));

    const exited = new Promise<number | null>((resolve) =>
      stopping.child.once('exit', (code) => resolve(code)),
    );
    stopping.child.kill('SIGTERM');
    // It stops taking connections at once; the proxy sends everything to B.
    await waitFor(
      'A to refuse new connections',
      () =>
        fetch(`${stopping.url}/api/health`).then(
          (response) => response.status,
          () => 'refused',
        ),
      (status) => status === 'refused' || status === 503,
    );
    request.end(body);
    const answer = await answered;
    expect(answer.status).toBe(201);
    const written = (JSON.parse(answer.text) as { data: { id: number } }).data.id;
    // It waits for the previews it is fetching rather than leaving them to a lease's end.
    expect(stopping.child.exitCode).toBeNull();
    openGate();
    expect(await exited).toBe(0);

    // B does the rest; every page was fetched exactly once, and no lease is left.
    const ours = Array.from({ length: count }, (_, i) => pageUrl(first + i));
    await waitFor(
      "every preview of this test's posts",
      () =>
        database.db
          .selectFrom('posts')
          .select([
            'preview_status',
            'preview_claimed_at',
            'url',
            'preview_attempts',
            'preview_retry_at',
          ])
          .where('url', 'in', ours)
          .execute(),
      (rows) =>
        rows.length === count &&
        rows.every((row) => row.preview_status === 'done' && row.preview_claimed_at === null),
    );
    for (let n = first; n < first + count; n++) expect(fetches.get(n)).toBe(1);
    expect(await database.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
    const post = await database.db
      .selectFrom('posts')
      .select('content')
      .where('id', '=', written)
      .executeTakeFirstOrThrow();
    expect(post.content).toContain('Written while the process stops');
    await startInstance(0);
  });
});
