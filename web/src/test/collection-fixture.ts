import type { CollectionNode } from '../../../contract/collections.ts';

/**
 * A collection of the signed-in user's tree for tests (top level, full permission, no posts);
 * `overrides` set the fields a test is about.
 */
export function aCollection(
  id: number,
  name: string,
  overrides: Partial<CollectionNode> = {},
): CollectionNode {
  return {
    id,
    name,
    parent_id: null,
    icon_id: null,
    user_id: 1,
    is_being_shared: false,
    local_order: 1,
    permission: 255,
    post_count: 0,
    nested: [],
    ...overrides,
  };
}
