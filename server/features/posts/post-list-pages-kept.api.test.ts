import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postEndpoints, type Post } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * Pages of a list, and sessions, are kept between reads while nothing is committed
 * (db/read-cache.ts; on a SQLite file, as the server runs, and on PostgreSQL): every kind of
 * change to what a page shows is on the next read of the same page, whoever committed it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sqliteFileInDataDir: true });
});
afterAll(() => t.close());

/** The first page of the collection, as the web app asks for it. */
async function page(user: TestUser, collectionId: number): Promise<Post[]> {
  const res = await t.call(postEndpoints.list, {
    token: user.token,
    query: { collection_id: collectionId, limit: 20, withTags: true },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const shown = (posts: Post[]) =>
  posts.map((post) => ({
    title: post.title,
    tags: post.tags?.map((tag) => tag.name),
    is_favorite: post.is_favorite,
  }));

it('shows every change to a page on its next read', async () => {
  const owner = await t.createUser();
  const as = createAs(t, owner);
  const update = async (id: number, body: Record<string, unknown>) => {
    const res = await t.call(postEndpoints.update, {
      token: owner.token,
      params: { id },
      body,
    });
    expect(res.status, res.text).toBe(200);
  };
  const list = (await as.collection({ name: 'Kept' })).id;
  const elsewhere = (await as.collection({ name: 'Elsewhere' })).id;
  const first = await as.post({ content: '<p>one</p>', title: 'One', collection_id: list });
  expect(shown(await page(owner, list))).toEqual([{ title: 'One', tags: [], is_favorite: false }]);
  expect(shown(await page(owner, list))).toEqual([{ title: 'One', tags: [], is_favorite: false }]);

  const second = await as.post({ content: '<p>two</p>', title: 'Two', collection_id: list });
  expect((await page(owner, list)).map((post) => post.title)).toEqual(['Two', 'One']);

  await update(first.id, { title: 'One, renamed', tag_names: ['kept'], is_favorite: true });
  expect(shown(await page(owner, list))).toEqual([
    { title: 'Two', tags: [], is_favorite: false },
    { title: 'One, renamed', tags: ['kept'], is_favorite: true },
  ]);

  const tag = (await page(owner, list))[1]!.tags![0]!;
  const renamed = await t.call(tagEndpoints.update, {
    token: owner.token,
    params: { id: tag.id },
    body: { name: 'still kept' },
  });
  expect(renamed.status, renamed.text).toBe(200);
  expect((await page(owner, list))[1]!.tags!.map((kept) => kept.name)).toEqual(['still kept']);

  await update(second.id, { collection_id: elsewhere });
  expect((await page(owner, list)).map((post) => post.title)).toEqual(['One, renamed']);
  expect((await page(owner, elsewhere)).map((post) => post.title)).toEqual(['Two']);

  await update(first.id, { is_archived: true });
  expect(await page(owner, list)).toEqual([]);
});

/** Runs `write` on another connection to the app's database, as another instance would. */
async function elsewhere(write: (db: Db) => Promise<unknown>): Promise<void> {
  const { db } = openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.config.dataDir });
  try {
    await write(db);
  } finally {
    await db.destroy();
  }
}

it('shows a change another instance committed, and refuses a session it ended', async () => {
  const owner = await t.createUser();
  const as = createAs(t, owner);
  const list = (await as.collection({ name: 'Shared' })).id;
  const post = await as.post({ content: '<p>one</p>', title: 'Before', collection_id: list });
  expect((await page(owner, list)).map((kept) => kept.title)).toEqual(['Before']);

  await elsewhere((db) =>
    db.updateTable('posts').set({ title: 'After' }).where('id', '=', post.id).execute(),
  );
  expect((await page(owner, list)).map((kept) => kept.title)).toEqual(['After']);

  await elsewhere((db) =>
    sql`update sessions set ended_at = ${new Date().toISOString()}`.execute(db),
  );
  const refused = await t.call(postEndpoints.list, {
    token: owner.token,
    query: { collection_id: list, limit: 20, withTags: true },
  });
  expect(refused.status).toBe(401);
});
