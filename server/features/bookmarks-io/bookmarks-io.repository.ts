import type { Insertable } from 'kysely';
import { bulkInsert, bulkInsertReturningIds } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionsTable, PostRow, PostTagsTable } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';

/*
 * Bulk reads and writes of imports, exports and backups. Batches keep each `IN (…)` list under
 * SQLite's 32,766 and PostgreSQL's 65,535 bind parameters; inserts go through db/bulk-insert.ts.
 */

const BATCH = 1000;

/** `items` in slices of at most `size`, for `IN (…)` lists and multi-row statements. */
export function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts collections; returns their ids in the order of `rows`. */
export function insertCollections(
  db: Db,
  rows: readonly Insertable<CollectionsTable>[],
): Promise<number[]> {
  return bulkInsertReturningIds(db, 'collections', rows);
}

/** Links posts to tags; every pair must be new. */
export function insertPostTags(db: Db, rows: readonly Insertable<PostTagsTable>[]): Promise<void> {
  return bulkInsert(db, 'post_tags', rows);
}

/** URLs of the live link posts in the given collections. */
export async function listLiveUrls(db: Db, collectionIds: readonly number[]): Promise<string[]> {
  const urls: string[] = [];
  for (const batch of batches(collectionIds)) {
    const rows = await db
      .selectFrom('posts')
      .select('url')
      .where('collection_id', 'in', batch)
      .where('binned_at', 'is', null)
      .where(published('posts'))
      .where('url', 'is not', null)
      .execute();
    for (const row of rows) urls.push(row.url!);
  }
  return urls;
}

/** The highest live `order` in each of the given collections that has live posts. */
export async function maxLiveOrders(
  db: Db,
  collectionIds: readonly number[],
): Promise<Map<number, number>> {
  const orders = new Map<number, number>();
  for (const batch of batches(collectionIds)) {
    const rows = await db
      .selectFrom('posts')
      .select(['collection_id', (eb) => eb.fn.max('order').as('max')])
      .where('collection_id', 'in', batch)
      .where('binned_at', 'is', null)
      .groupBy('collection_id')
      .execute();
    for (const row of rows) orders.set(row.collection_id!, row.max);
  }
  return orders;
}

/** The live posts of the given collections (any owner's: the caller checked access). */
export async function listLivePostsIn(
  db: Db,
  collectionIds: readonly number[],
): Promise<PostRow[]> {
  const posts: PostRow[] = [];
  for (const batch of batches(collectionIds)) {
    posts.push(
      ...(await db
        .selectFrom('posts')
        .selectAll()
        .where('collection_id', 'in', batch)
        .where('binned_at', 'is', null)
        .where(published('posts'))
        .execute()),
    );
  }
  return posts;
}
