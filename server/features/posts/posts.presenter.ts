import type { Post } from '../../../contract/posts.ts';
import type { Tag } from '../../../contract/tags.ts';
import type { ListedPost } from './post-listing.ts';

/** The API view of a post (PRODUCT.md#post); `tags` only when they were asked for. */
export function toPost(row: ListedPost, tags?: Tag[]): Post {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    url: row.url,
    base_url: row.base_url,
    description: row.description,
    color: row.color,
    image_path: row.image_path,
    collection_id: row.collection_id,
    user_id: row.user_id,
    order: row.order,
    // The API's name for "in the recycle bin" (contract/posts.ts reads it as inRecycleBin).
    is_archived: row.binned_at !== null,
    // 0/1 on SQLite; absent where the reader is no signed-in user (a share link).
    is_favorite: Boolean(row.is_favorite),
    preview_status: row.preview_status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(tags && { tags }),
  };
}
