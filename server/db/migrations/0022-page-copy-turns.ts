import type { Kysely } from 'kysely';

/**
 * Page copies take turns by user (docs/PRODUCT.md#page-copies), as link previews do (migration
 * 0011's `preview_turns`): one big import's copies do not hold back another user's new link.
 *
 * - `page_copy_turns`: when each user was last served a copy, as a counter that grows with each
 *   claim; the user waiting longest (or never served) goes next.
 * - `page_copies_user_queue` replaces `page_copies_user`: a user's queued copies, newest post
 *   first, in one index read; it still serves the per-account sums by `user_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_copy_turns')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('turn', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('page_copies_user_queue')
    .on('page_copies')
    .columns(['user_id', 'status', 'post_id'])
    .execute();
  await db.schema.dropIndex('page_copies_user').execute();
}
