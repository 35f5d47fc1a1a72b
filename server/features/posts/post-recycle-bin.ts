/**
 * The posts feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): sending the posts of deleted collections to the recycle bin, and emptying it.
 */
import type { Db } from '../../db/database.ts';
import { published } from '../../db/staging.ts';

/**
 * An order above any list's: posts whose collection is deleted lose their place in it, so a
 * restore puts them on top of Uncategorized (see posts.service restoreOrder).
 */
export const PLACE_LOST = 2_147_483_647;

/** Sends every live post of the given collections to the recycle bin. */
export async function movePostsOfCollectionsToRecycleBin(
  db: Db,
  collectionIds: readonly number[],
  now: string,
): Promise<void> {
  if (collectionIds.length === 0) return;
  await db
    .updateTable('posts')
    .set({ binned_at: now, updated_at: now, order: PLACE_LOST })
    .where('collection_id', 'in', collectionIds)
    .where('binned_at', 'is', null)
    .where(published('posts'))
    .execute();
}

/**
 * Deletes for good the posts of `userId`'s recycle bin (all, or those deleted before `before`);
 * returns the ids deleted. Their tag links go with them (foreign keys).
 */
export async function deletePostsInRecycleBin(
  db: Db,
  options: { userId?: number; before?: string },
): Promise<{ id: number; content: string; image_path: string | null }[]> {
  let query = db.deleteFrom('posts').where('binned_at', 'is not', null);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.before !== undefined) query = query.where('binned_at', '<', options.before);
  return query.returning(['id', 'content', 'image_path']).execute();
}
