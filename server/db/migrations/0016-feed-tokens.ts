import type { Kysely } from 'kysely';

/**
 * `feed_tokens`: each user's one feed token (PRODUCT.md#feeds), which opens the Atom feeds of
 * the collections the user may read. Only a SHA-256 hash of the token is kept, like password
 * resets: a database leak does not hand out feed URLs. Regenerating replaces the row, so the old
 * token stops at once; the row goes with its user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
