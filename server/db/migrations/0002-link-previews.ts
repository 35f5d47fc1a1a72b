import type { Kysely } from 'kysely';

/**
 * Link previews run in the background (docs/PRODUCT.md#link-metadata): a link post waits with
 * `preview_status` 'pending' until a worker has fetched its page, then 'done' or 'failed'; text
 * posts have none. The index finds the waiting ones, also after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('preview_status', 'text').execute();
  await db.schema
    .createIndex('posts_preview_pending')
    .on('posts')
    .column('preview_status')
    .where('preview_status', '=', 'pending')
    .execute();
}
