import type { Db } from '../../db/database.ts';

/** The user's outstanding reset: the token's SHA-256 (hex) and when it was mailed (ISO). */
export function findPasswordReset(
  db: Db,
  userId: number,
): Promise<{ token_hash: string; created_at: string } | undefined> {
  return db
    .selectFrom('password_resets')
    .select(['token_hash', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Makes `tokenHash` the user's only outstanding reset (an earlier link stops working), unless
 * the current one was stored after `unlessAfter` (ISO instant). One statement, so two requests
 * at once cannot both win. Returns whether it was stored.
 */
export async function replacePasswordReset(
  db: Db,
  reset: { userId: number; tokenHash: string; now: string; unlessAfter: string },
): Promise<boolean> {
  const result = await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, token_hash: reset.tokenHash, created_at: reset.now })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ token_hash: reset.tokenHash, created_at: reset.now })
        .where('password_resets.created_at', '<=', reset.unlessAfter),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Deletes the user's reset if its hash is still `tokenHash`: of two requests using the same
 * token, exactly one gets true (single use).
 */
export async function consumePasswordReset(
  db: Db,
  userId: number,
  tokenHash: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
