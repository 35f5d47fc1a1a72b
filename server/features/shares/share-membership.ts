/**
 * The shares feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): what private shares give a user, for deciding access to collections. Every
 * function takes the caller's `Db`, so it joins the caller's transaction.
 */
import type { Db } from '../../db/database.ts';

/**
 * The highest level any private share gives `userId` on the collections `collectionIds` (a
 * collection and its ancestors: membership is inherited down the tree); 0 when none does.
 */
export async function memberPermission(
  db: Db,
  userId: number,
  collectionIds: readonly number[],
): Promise<number> {
  if (collectionIds.length === 0) return 0;
  const row = await db
    .selectFrom('private_shares')
    .select((eb) => eb.fn.max('permission').as('permission'))
    .where('user_id', '=', userId)
    .where('collection_id', 'in', collectionIds)
    .executeTakeFirst();
  return row?.permission ?? 0;
}

/** Ids among `collectionIds` that carry at least one private share. */
export async function listPrivatelySharedIds(
  db: Db,
  collectionIds: readonly number[],
): Promise<Set<number>> {
  if (collectionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('private_shares')
    .select('collection_id')
    .distinct()
    .where('collection_id', 'in', collectionIds)
    .execute();
  return new Set(rows.map((row) => row.collection_id));
}

/** The collections shared with a user: each share's collection and the level it gives. */
export function listSharesReceivedBy(db: Db, userId: number) {
  return db
    .selectFrom('private_shares')
    .select(['collection_id', 'permission'])
    .where('user_id', '=', userId)
    .execute();
}
