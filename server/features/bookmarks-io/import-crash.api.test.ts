import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../contract/bookmarks-io.ts';
import type { Db } from '../../db/database.ts';
import { openSqlite } from '../../db/sqlite.ts';
import { published } from '../../db/staging.ts';
import { openFreshDatabase, type FreshDatabase } from '../../test/fresh-database.ts';
import { generateBookmarkFile } from '../../test/generated-bookmarks.ts';
import {
  freePort,
  signInOwner,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import { INTERRUPTED } from './import-jobs.service.ts';

/*
 * Acceptance (imports of big libraries): kill the server process during a 100,000-bookmark
 * import; the database is consistent and nothing of the half-done import is visible; after a
 * restart its staged rows are gone too, and the same file then imports fully while the server
 * goes on answering other requests (health, a list page) — the file is the largest upload the
 * server allows. The server is a real child process (`node --import tsx server/main.ts`) on this
 * project's database, killed with SIGKILL while the import is writing its staged rows.
 */

const dialect = process.env.NESTMARK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const file = generateBookmarkFile({ count: 100_000, seed: 7 });
const dataDir = mkdtempSync(join(tmpdir(), 'nestmark-crash-'));
let postgres: FreshDatabase | undefined;
let port: number;

beforeAll(async () => {
  if (dialect === 'postgres') postgres = await openFreshDatabase('postgres');
  port = await freePort();
});
afterAll(async () => {
  // A failed assertion must not leave a server running.
  for (const server of servers) await server.stop(true);
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const servers: ServerProcess[] = [];
/** `IMPORT_MAX_MB` of the servers: the file is within a megabyte of it. */
const importMaxMb = Math.ceil(Buffer.byteLength(file.html) / 1024 / 1024);

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    port,
    dataDir,
    databaseUrl: postgres?.url,
    importMaxMb,
  });
  servers.push(server);
  return server;
}

async function api(token: string | null, method: string, path: string, body?: FormData) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  return { status: response.status, body: (await response.json()) as { data: never } };
}

function upload(token: string) {
  const form = new FormData();
  form.append('file', new Blob([file.html], { type: 'text/html' }), 'bookmarks-100k.html');
  return api(token, 'POST', '/api/imports', form);
}

async function job(token: string, id: number): Promise<ImportJob> {
  return (await api(token, 'GET', `/api/imports/${id}`)).body.data;
}

/** The database the server uses, opened by the test itself. */
function openServerDatabase(): Db {
  return postgres ? postgres.db : openSqlite(join(dataDir, 'nestmark.db'));
}

/** Rows in the database; with `visible`, only those published (db/staging.ts). */
async function counts(db: Db, visible = false) {
  const count = async (table: 'collections' | 'posts' | 'tags') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .$if(visible, (qb) => qb.where(published(table)))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const links = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .$if(visible, (qb) => qb.where(published('posts')))
    .executeTakeFirstOrThrow();
  return {
    collections: await count('collections'),
    posts: await count('posts'),
    tags: await count('tags'),
    links: Number(links.count),
  };
}

describe(`killing the server during a 100,000-bookmark import (${dialect})`, () => {
  it('leaves nothing of it behind, marks it interrupted, and imports the same file fully afterwards', async () => {
    const first = await startServer();
    let token = await signInOwner(first);
    const started = await upload(token);
    expect(started.status).toBe(202);
    const id = (started.body.data as ImportJob).id;

    // Kill once the import has committed staged rows: the job reports them.
    let seen = await job(token, id);
    while (seen.progress.created === 0) {
      if (seen.status !== 'running') throw new Error(`finished before the kill: ${seen.status}`);
      await sleep(20);
      seen = await job(token, id);
    }
    expect(seen).toMatchObject({ status: 'running', phase: 'saving' });
    await first.stop(true);

    // Consistent, and nothing of the import visible: its rows are there, all staged.
    const db = openServerDatabase();
    if (dialect === 'sqlite') {
      expect(
        (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows,
      ).toEqual([{ integrity_check: 'ok' }]);
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    }
    const none = { collections: 0, posts: 0, tags: 0, links: 0 };
    expect(await counts(db, true)).toEqual(none);
    expect((await counts(db)).posts).toBeGreaterThan(0);
    const row = await db
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Its last committed state: still running, saving, with staged rows written.
    expect(row).toMatchObject({ status: 'running', phase: 'saving' });
    expect(row.created).toBeGreaterThan(0);
    if (dialect === 'sqlite') await db.destroy();

    const second = await startServer();
    try {
      token = await signInOwner(second);
      // SQLite: marked failed at start. PostgreSQL: once its heartbeat is stale (other
      // processes may be running imports there).
      let after = await job(token, id);
      for (let attempt = 0; after.status === 'running' && attempt < 300; attempt++) {
        await sleep(100);
        after = await job(token, id);
      }
      expect(after).toMatchObject({ status: 'failed', error: INTERRUPTED, summary: null });
      // Marked failed once its staged rows were deleted.
      const cleared = openServerDatabase();
      expect(await counts(cleared)).toEqual(none);
      if (dialect === 'sqlite') await cleared.destroy();
      expect((await api(token, 'GET', '/api/collections')).body.data).toEqual([]);
      expect((await api(token, 'GET', '/api/posts?limit=1')).body.data).toEqual([]);

      const again = await upload(token);
      expect(again.status).toBe(202);
      const againId = (again.body.data as ImportJob).id;
      // Meanwhile the health check and a list page answer, also while the import saves.
      let done = await job(token, againId);
      let answeredWhileSaving = 0;
      for (let attempt = 0; done.status === 'running' && attempt < 1200; attempt++) {
        const [health, list, seen] = await Promise.all([
          api(null, 'GET', '/api/health'),
          api(token, 'GET', '/api/posts?limit=20'),
          job(token, againId),
        ]);
        expect([health.status, list.status]).toEqual([200, 200]);
        if (seen.status === 'running' && seen.phase === 'saving') answeredWhileSaving += 1;
        done = seen;
        await sleep(50);
      }
      expect(done).toMatchObject({
        status: 'done',
        summary: {
          posts: file.distinctUrls,
          collections: file.folders + 1,
          duplicates: { total: file.bookmarks - file.distinctUrls },
        },
      });
      expect(answeredWhileSaving).toBeGreaterThan(0);
      const tree = (await api(token, 'GET', '/api/collections')).body.data as unknown[];
      expect(tree).toHaveLength(file.folders + 1);
      const check = openServerDatabase();
      expect(await counts(check)).toMatchObject({
        collections: file.folders + 1,
        posts: file.distinctUrls,
      });
      if (dialect === 'sqlite') await check.destroy();
    } finally {
      await second.stop();
    }
  }, 240_000);
});
