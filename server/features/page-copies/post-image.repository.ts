import type { Db } from '../../db/database.ts';

/*
 * The post's picture (`posts.image_path`) as page copies read and set it: a PDF's first page
 * becomes the picture of a post that has none (PRODUCT.md#page-copies).
 */

/** Whether the post `postId` exists and shows no picture (`image_path` is null). */
export async function hasNoImage(db: Db, postId: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('image_path')
    .where('id', '=', postId)
    .executeTakeFirst();
  return row !== undefined && row.image_path === null;
}

/**
 * Sets the post's picture to `path` only while it has none and still links to `url` (the page
 * the picture was made of): a picture a preview or anything else gave it meanwhile wins.
 * @returns whether it was set
 */
export async function setImageIfNone(
  db: Db,
  postId: number,
  url: string,
  path: string,
): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ image_path: path })
    .where('id', '=', postId)
    .where('url', '=', url)
    .where('image_path', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
