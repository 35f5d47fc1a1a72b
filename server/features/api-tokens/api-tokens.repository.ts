import type { Db } from '../../db/database.ts';
import type { ApiTokenRow } from '../../db/schema.ts';

type NewApiToken = Omit<ApiTokenRow, 'id' | 'last_used_at'>;

export function insertApiToken(db: Db, token: NewApiToken): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({ ...token, last_used_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user's tokens, newest first. */
export function listApiTokensOf(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the user's token `id`; false when the user has no such token. */
export async function deleteApiToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The token with this hash and its user's permission; undefined when there is none. */
export function findApiTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.user_id',
      'api_tokens.scope',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'users.permission',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markApiTokenUsed(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
