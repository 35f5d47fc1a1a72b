import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue "posts and the editor":
 * - link previews are claimed through the database, so two processes never fetch the same post:
 *   `preview_claimed_at` is the lease of the process working on it (a lease older than the worker's
 *   limit is abandoned and may be taken again), `preview_attempts` counts the tries;
 * - `files` records every stored file (editor uploads and link thumbnails) with its owner and, for
 *   thumbnails, its post, so deleting users or purging posts can find their files on disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema.alterTable('posts').addColumn('preview_claimed_at', 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('preview_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'integer', (col) => col.references('posts.id').onDelete('set null'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_user').on('files').column('user_id').execute();
  await db.schema.createIndex('files_post').on('files').column('post_id').execute();
}
