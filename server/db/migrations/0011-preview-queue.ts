import { sql, type Kysely } from 'kysely';

/**
 * Link previews come from a queue kept in the database (docs/ARCHITECTURE.md, link previews):
 * - `posts.preview_host` is the host name of a pending link, read from `preview_origin`; the
 *   worker fills both, and a post whose `base_url` no longer equals `preview_origin` (its link
 *   moved to another site) waits until they are filled again, so a claim never uses a stale host;
 * - `posts.preview_retry_at`: a post that was claimed before (`preview_attempts` > 0) is claimed
 *   again no earlier than this: when its claim runs out (a process that died), or after the wait
 *   that follows a passing failure;
 * - `preview_hosts` holds one lease per host being fetched, so all processes together fetch at
 *   most one page per host at a time; a lease older than the worker's limit is abandoned;
 * - `preview_turns` numbers each user's latest claim (a counter shared by all users): the user
 *   whose turn is oldest goes next, so one user's big import never starves another user's link;
 * - two partial indexes find a user's claimable live posts without reading the others (an import
 *   of dead links leaves thousands waiting for their retry): pending ones by tries so far, newest
 *   first (`preview_attempts` is a column, not part of the condition, so that SQLite prefers this
 *   index to `posts_user_archived` without statistics); tried ones by `preview_retry_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('preview_origin', 'text').execute();
  await db.schema.alterTable('posts').addColumn('preview_host', 'text').execute();
  await db.schema.alterTable('posts').addColumn('preview_retry_at', 'text').execute();
  // Pending previews the worker tried before this queue start over in it: a claim now also sets
  // `preview_retry_at`, which they lack, and a tried post without it would never be due.
  await sql`
    update posts set preview_attempts = 0, preview_claimed_at = null
    where preview_status = 'pending'
  `.execute(db);
  await db.schema
    .createIndex('posts_preview_fresh')
    .on('posts')
    .columns(['user_id', 'archived_at', 'preview_attempts', 'id'])
    .where(sql<boolean>`preview_status = 'pending'`)
    .execute();
  await db.schema
    .createIndex('posts_preview_due')
    .on('posts')
    .columns(['user_id', 'archived_at', 'preview_retry_at'])
    .where(sql<boolean>`preview_status = 'pending' and preview_attempts > 0`)
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
