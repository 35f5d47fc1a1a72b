/**
 * The collections feature's public module for other features (see docs/ARCHITECTURE.md,
 * "Feature boundaries"): a user's collection rows, a collection's siblings and ancestors, live
 * post counts per collection, and inserting a collection. Every function takes the caller's
 * `Db`, so it joins the caller's transaction; none checks access (collection-access.ts does).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import { published, stagedPosts, unpublished } from '../../db/staging.ts';

/** All collections a user owns, parents before nothing in particular (build a tree from them). */
export function listCollectionsOwnedBy(db: Db, userId: number): Promise<CollectionRow[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('user_id', '=', userId)
    .where(published('collections'))
    .orderBy('parent_id')
    .orderBy('local_order')
    .orderBy('id')
    .execute();
}

/** Ids of the siblings a collection under `parentId` (or at `userId`'s top level) has, in order. */
export async function listSiblingIds(
  db: Db,
  parentId: number | null,
  userId: number,
): Promise<number[]> {
  let query = db
    .selectFrom('collections')
    .select('id')
    .where(published('collections'))
    .orderBy('local_order')
    .orderBy('id');
  query =
    parentId === null
      ? query.where('parent_id', 'is', null).where('user_id', '=', userId)
      : query.where('parent_id', '=', parentId);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/**
 * Inserts a collection at `localOrder` among its siblings (the caller makes room) with `now`
 * (ISO) as its creation and update time; returns the row.
 */
export function insertCollection(
  db: Db,
  values: {
    userId: number;
    parentId: number | null;
    name: string;
    iconId: number | null;
    localOrder: number;
    now: string;
    /** An import job: the collection is staged by it (db/staging.ts). */
    stagedBy?: number;
  },
): Promise<CollectionRow> {
  return db
    .insertInto('collections')
    .values({
      user_id: values.userId,
      parent_id: values.parentId,
      name: values.name,
      icon_id: values.iconId,
      local_order: values.localOrder,
      created_at: values.now,
      updated_at: values.now,
      import_job_id: values.stagedBy ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Ids of a collection and every collection above it, nearest first ([] when it does not exist).
 * `union` rather than `union all` keeps the recursion finite even over corrupt (cyclic) data.
 */
export async function listAncestorIds(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .withRecursive('chain(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('collections')
        .select(['id', 'parent_id', sql<number>`0`.as('depth')])
        .where('id', '=', id)
        .union(
          qb
            .selectFrom('collections')
            .innerJoin('chain', 'chain.parent_id', 'collections.id')
            .select([
              'collections.id',
              'collections.parent_id',
              sql<number>`chain.depth + 1`.as('depth'),
            ]),
        ),
    )
    .selectFrom('chain')
    .select('id')
    .orderBy('depth')
    .execute();
  return rows.map((row) => row.id);
}

// Keeps `IN (…)` lists well under SQLite's and PostgreSQL's bind limits.
const CHUNK = 500;

/** Live posts per collection of `collectionIds` (grouped queries); absent = none. */
export async function countLivePostsIn(
  db: Db,
  collectionIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < collectionIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('posts')
      .select(['collection_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('collection_id', 'in', collectionIds.slice(i, i + CHUNK))
      .where('binned_at', 'is', null)
      .groupBy('collection_id')
      .execute();
    for (const row of rows) counts.set(row.collection_id!, Number(row.count));
  }
  for (const row of await countStagedPosts(db)) {
    if (row.collection_id !== null) leaveOut(counts, row.collection_id, row.count);
  }
  return counts;
}

/**
 * Posts staged by imports that are not done (db/staging.ts), anyone's, per owner and collection:
 * the live counts count them, and take them off after. Counting live posts stays one read of an
 * index that holds every column it needs (a condition on the marker would read each post), and
 * this reads the partial index of staged posts, empty while no import runs.
 */
export async function countStagedPosts(
  db: Db,
): Promise<{ user_id: number; collection_id: number | null; count: number }[]> {
  const { rows } = await sql<{
    user_id: number;
    collection_id: number | null;
    count: number | string;
  }>`select user_id, collection_id, count(*) as count from ${stagedPosts(db)}
    where ${unpublished('posts')} group by user_id, collection_id`.execute(db);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Takes `count` staged posts off the count of `key` (absent when none is left). */
export function leaveOut<K>(counts: Map<K, number>, key: K, count: number): void {
  const left = (counts.get(key) ?? 0) - count;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
