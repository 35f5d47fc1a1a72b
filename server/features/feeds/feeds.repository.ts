import type { Db } from '../../db/database.ts';

/*
 * The users' feed tokens (migration 0016), kept as SHA-256 hashes (hex): one row per user.
 */

/** The user whose feed token hashes to `tokenHash`, with their permission; undefined if none. */
export function findFeedTokenUser(
  db: Db,
  tokenHash: string,
): Promise<{ user_id: number; permission: number } | undefined> {
  return db
    .selectFrom('feed_tokens')
    .innerJoin('users', 'users.id', 'feed_tokens.user_id')
    .select(['feed_tokens.user_id', 'users.permission'])
    .where('feed_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** When the user's feed token was made (ISO instant); undefined when they have none. */
export function findFeedToken(db: Db, userId: number): Promise<{ created_at: string } | undefined> {
  return db
    .selectFrom('feed_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Makes `tokenHash` the user's feed token, replacing any earlier one in the same statement. */
export async function replaceFeedToken(
  db: Db,
  token: { userId: number; tokenHash: string; now: string },
): Promise<void> {
  await db
    .insertInto('feed_tokens')
    .values({ user_id: token.userId, token_hash: token.tokenHash, created_at: token.now })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ token_hash: token.tokenHash, created_at: token.now }),
    )
    .execute();
}

/** Removes the user's feed token, if any. */
export async function deleteFeedToken(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('feed_tokens').where('user_id', '=', userId).execute();
}
