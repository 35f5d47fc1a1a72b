import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFreshDatabase, type FreshDatabase } from '../test/fresh-database.ts';
import { bulkInsert, bulkInsertReturningIds, withBulkWriteCache } from './bulk-insert.ts';
import type { Db } from './database.ts';
import { sqliteHandleOf } from './sqlite.ts';

/* On the project's database (NESTMARK_TEST_DB): bulk inserts inside and outside a transaction. */

const NOW = '2026-01-01T00:00:00.000Z';

let database: FreshDatabase;
let userId: number;
beforeEach(async () => {
  database = await openFreshDatabase(
    process.env.NESTMARK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
  );
  const user = await database.db
    .insertInto('users')
    .values({
      name: 'Owner',
      email: 'owner@example.test',
      password_hash: 'x',
      permission: 255,
      theme: 'default',
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterEach(() => database.drop());

/** `count` top-level collections named `prefix 0`, `prefix 1`, … */
function collectionRows(count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({
    user_id: userId,
    parent_id: null,
    name: `${prefix} ${index}`,
    icon_id: null,
    local_order: index + 1,
    created_at: NOW,
    updated_at: NOW,
  }));
}

/** The names of the collections with `ids`, in the order of `ids`. */
async function namesOf(db: Db, ids: readonly number[]): Promise<string[]> {
  const rows = await db.selectFrom('collections').select(['id', 'name']).execute();
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return ids.map((id) => names.get(id)!);
}

describe('bulkInsertReturningIds', () => {
  // 7 columns: 4,285 rows per statement, so 9,000 rows take three statements.
  it.each([
    ['outside a transaction', false],
    ['inside a transaction', true],
  ])('writes every row and gives their ids in order, %s', async (_, inTransaction) => {
    const rows = collectionRows(9000, 'c');
    const insert = (db: Db) => bulkInsertReturningIds(db, 'collections', rows);
    const ids = inTransaction
      ? await database.db.transaction().execute(insert)
      : await insert(database.db);
    expect(ids).toHaveLength(9000);
    expect(new Set(ids).size).toBe(9000);
    expect(await namesOf(database.db, ids)).toEqual(rows.map((row) => row.name));
  });

  it('runs the same statement shape again with new values, and takes no rows', async () => {
    await database.db.transaction().execute(async (trx) => {
      const first = await bulkInsertReturningIds(trx, 'collections', collectionRows(3, 'a'));
      const second = await bulkInsertReturningIds(trx, 'collections', collectionRows(3, 'b'));
      expect(await namesOf(trx, [...first, ...second])).toEqual([
        'a 0',
        'a 1',
        'a 2',
        'b 0',
        'b 1',
        'b 2',
      ]);
      expect(await bulkInsertReturningIds(trx, 'collections', [])).toEqual([]);
    });
  });

  it('refuses rows whose columns differ from the first row, and writes nothing then', async () => {
    const [first, second] = collectionRows(2, 'x');
    const { icon_id: _, ...withoutIcon } = second!;
    await expect(
      bulkInsertReturningIds(database.db, 'collections', [first!, withoutIcon]),
    ).rejects.toThrow('Bulk insert: row 1 has other columns than the first');
    await expect(
      bulkInsertReturningIds(database.db, 'collections', [
        withoutIcon,
        { ...withoutIcon, icon_id: null },
      ]),
    ).rejects.toThrow('row 1 has other columns');
    await expect(
      bulkInsertReturningIds(database.db, 'collections', [
        first!,
        { ...second!, icon_id: undefined },
      ]),
    ).rejects.toThrow('row 1 has other columns');
    expect(await database.db.selectFrom('collections').select('id').execute()).toEqual([]);
  });
});

describe('bulkInsert', () => {
  it('writes rows of a table without ids', async () => {
    const [tag] = await bulkInsertReturningIds(database.db, 'tags', [
      { user_id: userId, name: 'Tag', name_key: 'tag', created_at: NOW },
    ]);
    const postIds = await database.db.transaction().execute(async (trx) => {
      const ids = await bulkInsertReturningIds(
        trx,
        'posts',
        ['a', 'b'].map((title, index) => ({
          user_id: userId,
          collection_id: null,
          type: 'text' as const,
          title,
          content: `<p>${title}</p>`,
          order: index + 1,
          created_at: NOW,
          updated_at: NOW,
        })),
      );
      await bulkInsert(
        trx,
        'post_tags',
        ids.map((post_id) => ({ post_id, tag_id: tag! })),
      );
      return ids;
    });
    const links = await database.db
      .selectFrom('post_tags')
      .select(['post_id', 'tag_id'])
      .orderBy('post_id')
      .execute();
    expect(links).toEqual(postIds.map((post_id) => ({ post_id, tag_id: tag })));
  });
});

describe('withBulkWriteCache', () => {
  it("runs the work, with SQLite's page cache cut while it runs and put back after", async () => {
    const handle = sqliteHandleOf(database.db);
    const cacheSize = () => handle?.pragma('cache_size', { simple: true });
    const before = cacheSize();
    const during = await database.db
      .transaction()
      .execute((trx) => withBulkWriteCache(trx, () => Promise.resolve(cacheSize())));
    if (handle) expect(during).toBe(-2000);
    else expect(during).toBeUndefined();
    expect(cacheSize()).toBe(before);
  });
});
