import type { PrivateShare, PublicShare } from '../../../contract/shares.ts';
import type { PrivateShareRow, PublicShareRow } from './shares.repository.ts';

/** The API view of a public share (PRODUCT.md#public-share). */
export function toPublicShare(row: PublicShareRow): PublicShare {
  return {
    id: row.id,
    collection_id: row.collection_id,
    token: row.token,
    is_active: row.is_active === 1,
    include_descendants: row.include_descendants === 1,
    permission: row.permission,
    created_by: row.created_by,
  };
}

/**
 * The API view of a private share (PRODUCT.md#private-share): the share's collection is its root.
 */
export function toPrivateShare(row: PrivateShareRow): PrivateShare {
  return {
    id: row.id,
    collection_id: row.collection_id,
    root_collection_id: row.collection_id,
    user_id: row.user_id,
    user: { id: row.user_id, name: row.user_name },
    permission: row.permission,
    created_by: row.created_by,
  };
}
