import { sql } from 'kysely';
import { preparedQuery, type Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';

// Every request about a collection reads it first: compiled once (see preparedQuery).
const collectionQuery = preparedQuery((db, id: number) =>
  db.selectFrom('collections').selectAll().where('id', '=', id),
);

export async function findCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  const [row] = await collectionQuery(db, id);
  return row;
}

/** All collections a user owns, parents before nothing in particular (build a tree from them). */
export function listCollectionsOwnedBy(db: Db, userId: number): Promise<CollectionRow[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('user_id', '=', userId)
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
  let query = db.selectFrom('collections').select('id').orderBy('local_order').orderBy('id');
  query =
    parentId === null
      ? query.where('parent_id', 'is', null).where('user_id', '=', userId)
      : query.where('parent_id', '=', parentId);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/** Numbers `orderedIds` 1..n under `parentId`, writing only the rows whose place changed. */
export async function setSiblingOrder(
  db: Db,
  parentId: number | null,
  orderedIds: readonly number[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  const current = await db
    .selectFrom('collections')
    .select(['id', 'local_order', 'parent_id'])
    .where('id', 'in', orderedIds)
    .execute();
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const [index, id] of orderedIds.entries()) {
    const row = byId.get(id);
    if (row && row.local_order === index + 1 && row.parent_id === parentId) continue;
    await db
      .updateTable('collections')
      .set({ local_order: index + 1, parent_id: parentId })
      .where('id', '=', id)
      .execute();
  }
}

export function insertCollection(
  db: Db,
  values: {
    userId: number;
    parentId: number | null;
    name: string;
    iconId: number | null;
    localOrder: number;
    now: string;
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCollectionFields(
  db: Db,
  id: number,
  fields: { name?: string; icon_id?: number | null; updated_at: string },
): Promise<void> {
  await db.updateTable('collections').set(fields).where('id', '=', id).execute();
}

/** Deletes the given collections; the database cascades to their sub-collections and shares. */
export async function deleteCollections(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('collections').where('id', 'in', ids).execute();
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

/**
 * Live posts per collection of everything a user owns, in one grouped query: collection id →
 * count, with the key `null` for their Uncategorized. Collections without live posts are absent.
 * A post in a collection belongs to the collection's owner, so the user's posts are all of them.
 */
export async function countLivePostsOwnedBy(
  db: Db,
  userId: number,
): Promise<Map<number | null, number>> {
  const rows = await db
    .selectFrom('posts')
    .select(['collection_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('user_id', '=', userId)
    .where('archived_at', 'is', null)
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((row) => [row.collection_id, Number(row.count)]));
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
      .where('archived_at', 'is', null)
      .groupBy('collection_id')
      .execute();
    for (const row of rows) counts.set(row.collection_id!, Number(row.count));
  }
  return counts;
}
