import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf, indexesOf, schemaTexts } from '../../test/schema-catalog.ts';
import type { Db } from '../database.ts';
import { migrateUpTo } from '../migrate.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database made by the migrations up to 0012, as
 * a release before the rename created it, with posts live and in the recycle bin; then 0013.
 */

const database = databaseMigratedUpTo('0012-live-post-indexes');

/** The indexes over live posts (0001, 0006, 0010 as brought up to date by 0012). */
const LIVE_POST_INDEXES = [
  'posts_collection_order',
  'posts_user_live_created',
  'posts_live_created',
  'posts_collection_created',
  'posts_collection_title',
  'posts_collection_domain',
];

/** The posts table's indexes: name → definition. */
const postIndexes = (db: Db) => indexesOf(db, database().dialect, 'posts');

/** The names of the posts table's columns. */
const postColumns = (db: Db) => columnsOf(db, database().dialect, 'posts');

const STAMP = '2026-01-15T10:00:00.000Z';
const BINNED = '2026-02-01T08:30:00.000Z';

/** A user with a collection and four posts: two live, two in the recycle bin (one of each list). */
async function seed(db: Db): Promise<void> {
  await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
    values (1, 'Ada', 'ada@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
  await sql`insert into collections (id, user_id, name, local_order, created_at, updated_at)
    values (1, 1, 'Reading', 1, ${STAMP}, ${STAMP})`.execute(db);
  for (const [id, collection, binned] of [
    [1, 1, null],
    [2, 1, BINNED],
    [3, null, null],
    [4, null, STAMP],
  ] as const) {
    await sql`insert into posts
      (id, user_id, collection_id, type, title, content, "order", archived_at, created_at, updated_at)
      values (${id}, 1, ${collection}, 'text', ${`Post ${id}`}, ${`<p>Post ${id}</p>`}, 1,
        ${binned}, ${STAMP}, ${STAMP})`.execute(db);
  }
}

describe('migration 0013-recycle-bin-column', () => {
  it('renames posts.archived_at to binned_at and keeps every post and when it was binned', async () => {
    const { db } = database();
    await seed(db);
    const before = await postColumns(db);
    expect(before).toContain('archived_at');

    await migrateUpTo(db, '0013-recycle-bin-column');

    expect((await postColumns(db)).sort()).toEqual(
      before.map((name) => (name === 'archived_at' ? 'binned_at' : name)).sort(),
    );
    const { rows } = await sql<{ id: number; binned_at: string | null }>`
      select id, binned_at from posts order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, binned_at: null },
      { id: 2, binned_at: BINNED },
      { id: 3, binned_at: null },
      { id: 4, binned_at: STAMP },
    ]);
  });

  it('keeps every index of posts, each over binned_at where it was over archived_at', async () => {
    const { db } = database();
    const before = await postIndexes(db);
    for (const name of LIVE_POST_INDEXES) expect(before[name]).toContain('archived_at');

    await migrateUpTo(db, '0013-recycle-bin-column');

    const renamed = (text: string) =>
      text
        .replaceAll('posts_user_archived', 'posts_user_binned')
        .replaceAll('archived_at', 'binned_at');
    const after = await postIndexes(db);
    expect(after).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([name, text]) => [renamed(name), renamed(text)]),
      ),
    );
    for (const name of LIVE_POST_INDEXES) expect(after[name]).toContain('binned_at');
    if (database().dialect === 'postgres') {
      // The partial indexes' predicates follow the column.
      for (const name of [...LIVE_POST_INDEXES, 'posts_uncategorized_order']) {
        expect(after[name]).toMatch(/WHERE \(+binned_at IS NULL\)/);
      }
    }
    expect(
      (await schemaTexts(db, database().dialect)).filter((text) => /archived/i.test(text)),
    ).toEqual([]);
  });

  it('leaves a database whose search triggers and indexes work', async () => {
    const { db } = database();
    await seed(db);

    await migrateUpTo(db, '0013-recycle-bin-column');

    await db
      .insertInto('posts')
      .values({
        id: 5,
        user_id: 1,
        collection_id: 1,
        type: 'text',
        title: 'Fresh',
        content: '<p>Fresh</p>',
        order: 2,
        binned_at: null,
        created_at: STAMP,
        updated_at: STAMP,
        search_title: 'fresh',
        search_text: 'fresh',
      })
      .execute();
    await db.updateTable('posts').set({ binned_at: BINNED }).where('id', '=', 1).execute();
    const live = await db
      .selectFrom('posts')
      .select('id')
      .where('binned_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(live.map((row) => row.id)).toEqual([3, 5]);
    if (database().dialect === 'sqlite') {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
      const found = await sql<{ rowid: number }>`
        select rowid from posts_search_title_fts where posts_search_title_fts match 'fresh'`.execute(
        db,
      );
      expect(found.rows.map((row) => row.rowid)).toEqual([5]);
    }
  });
});
