import { preparedQuery, type Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { countStagedPosts, leaveOut } from './collection-store.ts';

// Every request about a collection reads it first: compiled once (see preparedQuery).
const collectionQuery = preparedQuery((db, id: number) =>
  db.selectFrom('collections').selectAll().where('id', '=', id).where(published('collections')),
);

export async function findCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  const [row] = await collectionQuery(db, id);
  return row;
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
    .where('binned_at', 'is', null)
    .groupBy('collection_id')
    .execute();
  const counts = new Map(rows.map((row) => [row.collection_id, Number(row.count)]));
  for (const row of await countStagedPosts(db)) {
    if (row.user_id === userId) leaveOut(counts, row.collection_id, row.count);
  }
  return counts;
}
