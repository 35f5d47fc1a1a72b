import type { Collection } from '../../../contract/collections.ts';
import type { CollectionRow } from '../../db/schema.ts';

/** How one actor sees a collection, beyond its row. */
export interface CollectionView {
  /** It or a collection above it is shared with users. */
  isBeingShared: boolean;
  /** The actor's permission bits on it. */
  permission: number;
  /** Live posts directly in it. */
  postCount: number;
  /** Live posts in it and below it; only when asked for. */
  postCountWithDescendants?: number;
}

/** The API view of a collection (PRODUCT.md#collection), as seen by one actor. */
export function toCollection(row: CollectionRow, view: CollectionView): Collection {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    icon_id: row.icon_id,
    user_id: row.user_id,
    is_being_shared: view.isBeingShared,
    local_order: row.local_order,
    permission: view.permission,
    post_count: view.postCount,
    ...(view.postCountWithDescendants !== undefined && {
      post_count_with_descendants: view.postCountWithDescendants,
    }),
  };
}
