import type { Kysely } from 'kysely';

/**
 * Security review fixes (SECURITY.md):
 * - `sessions.previous_token_id` / `rotated_at`: the access token a refresh replaced and when,
 *   so that presenting an older token of a live session is recognised as reuse (a stolen token)
 *   and ends the session, while two tabs refreshing the same token at once are not.
 * - `retired_share_tokens`: the SHA-256 of every public share token that was revoked or
 *   replaced, so no one can register it again and make an old link show their content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('previous_token_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'text').execute();
  await db.schema
    .createTable('retired_share_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('retired_at', 'text', (col) => col.notNull())
    .execute();
}
