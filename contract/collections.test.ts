import { describe, expect, it } from 'vitest';
import { collectionNodeSchema, type CollectionNode } from './collections.ts';

const node = (id: number, nested: CollectionNode[] = []): CollectionNode => ({
  id,
  name: `Collection ${id}`,
  parent_id: null,
  icon_id: null,
  user_id: 1,
  is_being_shared: false,
  local_order: 1,
  permission: 7,
  post_count: 0,
  nested,
});

describe('collectionNodeSchema', () => {
  it('accepts a tree thousands of levels deep', () => {
    let tree = node(5000);
    for (let id = 4999; id > 0; id--) tree = node(id, [tree]);
    expect(collectionNodeSchema.safeParse(tree).success).toBe(true);
  });

  it('refuses a tree with a malformed node below the top', () => {
    const bad = node(1, [node(2, [{ ...node(3), name: 42 } as unknown as CollectionNode])]);
    expect(collectionNodeSchema.safeParse(bad).success).toBe(false);
  });
});
