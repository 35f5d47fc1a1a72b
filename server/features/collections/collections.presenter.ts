import type { Collection } from '../../../contract/collections.ts';
import type { CollectionRow } from '../../db/schema.ts';

/**
 * The API view of a collection (SPEC §3 Collection), as seen by one actor: `isBeingShared` when
 * it or a collection above it is shared with users, `permission` the actor's bits on it.
 */
export function toCollection(
  row: CollectionRow,
  view: { isBeingShared: boolean; permission: number },
): Collection {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    icon_id: row.icon_id,
    user_id: row.user_id,
    is_being_shared: view.isBeingShared,
    local_order: row.local_order,
    permission: view.permission,
  };
}
