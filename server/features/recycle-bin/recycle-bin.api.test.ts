import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../contract/auth.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { buildApp } from '../../app.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createFilesService } from '../files/files.service.ts';
import { createRecycleBinService, purgeIfDue } from './recycle-bin.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const moveToRecycleBin = (user: TestUser, id: number) =>
  t.call(postEndpoints.delete, { token: user.token, params: { id } });
const bin = async (user: TestUser) =>
  (
    await t.call(postEndpoints.list, { token: user.token, query: { is_archived: true } })
  ).body.data.map((p) => p.content);

describe('the recycle bin', () => {
  it('restores a post whose collection was deleted into Uncategorized', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Gone' })).id;
    await as.post({ content: 'uncategorized one' });
    const orphan = await as.post({ content: 'orphan', collection_id: c });
    await t.call(collectionEndpoints.delete, { token: user.token, params: { id: c } });
    const restored = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: orphan.id },
      body: { is_archived: false },
    });
    expect(restored.body.data).toMatchObject({ collection_id: null, is_archived: false });
    const uncategorized = await t.call(postEndpoints.list, {
      token: user.token,
      query: { collection_id: 0 },
    });
    expect(uncategorized.body.data.map((p) => [p.content, p.order])).toEqual([
      ['orphan', 2],
      ['uncategorized one', 1],
    ]);
  });

  it('clears the caller’s bin for good and leaves everyone else’s', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const other = await t.createUser();
    const a = await as.post({ content: 'a', tag_names: ['x'] });
    await as.post({ content: 'live' });
    const b = await createAs(t, other).post({ content: 'b' });
    await moveToRecycleBin(user, a.id);
    await moveToRecycleBin(other, b.id);

    expect(
      (
        await t.call(postEndpoints.clearRecycleBin, {
          token: user.token,
          query: { is_trashed: '1' },
        })
      ).status,
    ).toBe(204);
    expect(await bin(user)).toEqual([]);
    expect(await bin(other)).toEqual(['b']);
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', a.id).execute()).toEqual(
      [],
    );
    expect(
      await t.db.selectFrom('post_tags').select('post_id').where('post_id', '=', a.id).execute(),
    ).toEqual([]);
    const live = await t.call(postEndpoints.list, {
      token: user.token,
      query: { collection_id: 0 },
    });
    expect(live.body.data.map((p) => p.content)).toEqual(['live']);
  });

  it('400 without is_trashed=1', async () => {
    const user = await t.createUser();
    const zero = await t.call(postEndpoints.clearRecycleBin, {
      token: user.token,
      query: { is_trashed: '0' },
    });
    expect(zero.status).toBe(400);
    // Without `is_trashed`, or with a value that is no boolean: queries the contract's types refuse.
    for (const query of ['', '?is_trashed=maybe']) {
      expect(
        (await t.request('DELETE', `/api/posts${query}`, { token: user.token })).status,
        query,
      ).toBe(400);
    }
  });

  it('purges posts deleted more than TRASH_DAYS ago, from every bin', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const old = await as.post({ content: 'old' });
    await moveToRecycleBin(user, old.id);
    t.clock.advance(20 * 24 * 3600 * 1000);
    // The first sign-in has long expired; sign in again.
    const login = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    user.token = login.body.data.token.access_token;
    const recent = await as.post({ content: 'recent' });
    await moveToRecycleBin(user, recent.id);
    t.clock.advance(11 * 24 * 3600 * 1000);
    user.token = (
      await t.call(authEndpoints.login, { body: { email: user.email, password: user.password } })
    ).body.data.token.access_token;

    const files = createFilesService({
      db: t.db,
      clock: t.clock,
      store: t.store,
      uploadMaxBytes: t.config.uploadMaxBytes,
      log: () => undefined,
    });
    const purged = await createRecycleBinService({
      db: t.db,
      clock: t.clock,
      files,
      pageCopies: { removeSnapshots: async () => {} },
    }).purgeOlderThan(30);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await bin(user)).toEqual(['recent']);
  });
});

describe('the hourly purge with several processes on one database', () => {
  /** The recycle-bin service of another process on the same database. */
  const processService = () =>
    createRecycleBinService({
      db: t.db,
      clock: t.clock,
      files: createFilesService({
        db: t.db,
        clock: t.clock,
        store: t.store,
        uploadMaxBytes: t.config.uploadMaxBytes,
        log: () => undefined,
      }),
      pageCopies: { removeSnapshots: async () => {} },
    });

  it('purges once per hourly round, in whichever process asks first', async () => {
    const processes = [processService(), processService()];
    const round = () =>
      Promise.all(
        processes.map((recycleBin) =>
          purgeIfDue({ recycleBin, db: t.db, clock: t.clock, days: 1 }),
        ),
      );
    const user = await t.createUser();
    const as = createAs(t, user);
    const first = await as.post({ content: 'first' });
    await moveToRecycleBin(user, first.id);
    t.clock.advance(2 * 24 * 3600 * 1000);

    const results = await round();
    expect(results.filter((count) => count !== undefined)).toHaveLength(1);
    expect(results.find((count) => count !== undefined)).toBeGreaterThanOrEqual(1);
    // Asked again within the hour (every 5 minutes): nobody purges.
    t.clock.advance(5 * 60 * 1000);
    expect(await round()).toEqual([undefined, undefined]);

    // The next hour's round goes to one process again.
    t.clock.advance(55 * 60 * 1000);
    expect((await round()).filter((count) => count !== undefined)).toHaveLength(1);
  });
  it('two servers started with TRASH_DAYS purge at start through one claimed round', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const old = await as.post({ content: 'old' });
    await moveToRecycleBin(user, old.id);
    t.clock.advance(2 * 24 * 3600 * 1000);
    const lines: string[] = [];
    const start = () =>
      buildApp({
        config: { ...t.config, recycleBinDays: 1, logLevel: 'info' },
        db: t.db,
        clock: t.clock,
        logStream: { write: (line) => void lines.push(line) },
        backgroundPreviews: false,
        backgroundCopies: false,
      });
    const servers = await Promise.all([start(), start()]);
    try {
      // Each asks at start; wait until the post is gone and both have asked.
      await expect
        .poll(async () =>
          (await t.db.selectFrom('posts').select('id').where('id', '=', old.id).execute()).map(
            (post) => post.id,
          ),
        )
        .toEqual([]);
      await expect
        .poll(async () =>
          (await t.db.selectFrom('maintenance_runs').select('last_run_at').execute()).map(
            (run) => run.last_run_at,
          ),
        )
        .toEqual([t.clock().toISOString()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.filter((line) => line.includes('purged old posts'))).toHaveLength(1);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
