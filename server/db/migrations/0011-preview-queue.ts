import { sql, type Kysely } from 'kysely';

/**
 * Link previews come from a queue kept in the database (docs/ARCHITECTURE.md, link previews):
 * - `posts.preview_host` is the host name of a pending link, read from `preview_origin`; the
 *   worker fills both, and a post whose `base_url` no longer equals `preview_origin` (its link
 *   moved to another site) waits until they are filled again, so a claim never uses a stale host;
 * - `posts.preview_retry_at`: a passing failure is tried again no earlier than this;
 * - `preview_hosts` holds one lease per host being fetched, so all processes together fetch at
 *   most one page per host at a time; a lease older than the worker's limit is abandoned;
 * - `preview_turns` numbers each user's latest claim (a counter shared by all users): the user
 *   whose turn is oldest goes next, so one user's big import never starves another user's link;
 * - the partial index lists each user's pending posts, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('preview_origin', 'text').execute();
  await db.schema.alterTable('posts').addColumn('preview_host', 'text').execute();
  await db.schema.alterTable('posts').addColumn('preview_retry_at', 'text').execute();
  await db.schema
    .createIndex('posts_preview_queue')
    .on('posts')
    .columns(['user_id', 'id'])
    .where(sql.ref('preview_status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('preview_hosts')
    .addColumn('host', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'integer', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('preview_turns')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('turn', 'integer', (col) => col.notNull())
    .execute();
}
