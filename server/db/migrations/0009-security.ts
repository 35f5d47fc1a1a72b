import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Security review fixes (SECURITY.md):
 * - `sessions.previous_token_id` / `rotated_at`: the access token a refresh replaced and when,
 *   so that presenting an older token of a live session is recognised as reuse (a stolen token)
 *   and ends the session, while two tabs refreshing the same token at once are not.
 * - `used_share_tokens`: the SHA-256 of every public share token ever registered, so a token
 *   that was revoked or replaced (or went with its collection or user) is never accepted again
 *   and an old link cannot show someone else's content. Filled here with the tokens in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('previous_token_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'text').execute();
  await db.schema
    .createTable('used_share_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('used_at', 'text', (col) => col.notNull())
    .execute();

  const { rows } = await sql<{
    token: string;
    created_at: string;
  }>`select token, created_at from public_shares`.execute(db);
  for (const row of rows) {
    await sql`insert into used_share_tokens (token_hash, used_at) values (${createHash('sha256')
      .update(row.token)
      .digest('hex')}, ${row.created_at})`.execute(db);
  }
}
