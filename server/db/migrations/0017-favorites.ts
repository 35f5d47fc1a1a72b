import type { Kysely } from 'kysely';

/**
 * `favorites`: the posts each user starred (PRODUCT.md#favourites), one row per user and post.
 * A star is the user's own mark, not part of the post: it goes with the user and with the post
 * (deleted for good), and survives the post's stay in the recycle bin. The index lists a user's
 * favourites newest first, ties by post id, as the Favourites page pages them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'integer', (col) =>
      col.notNull().references('posts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('favorites_user_newest')
    .on('favorites')
    .columns(['user_id', 'created_at desc', 'post_id desc'])
    .execute();
  // The cascade from a post deleted for good looks its stars up by post.
  await db.schema.createIndex('favorites_post').on('favorites').column('post_id').execute();
}
