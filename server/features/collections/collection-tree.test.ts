import { describe, expect, it } from 'vitest';
import {
  buildTree,
  markedWithDescendants,
  placeAmongSiblings,
  subtreeHeight,
  subtreeIds,
  subtreeSums,
} from './collection-tree.ts';

const item = (id: number, parent_id: number | null, local_order: number) => ({
  id,
  parent_id,
  local_order,
});

describe('buildTree', () => {
  it('nests children under parents in sibling order', () => {
    const tree = buildTree([
      item(3, 1, 2),
      item(1, null, 2),
      item(2, 1, 1),
      item(4, null, 1),
      item(5, 2, 1),
    ]);
    expect(tree.map((n) => n.id)).toEqual([4, 1]);
    expect(tree[1]!.nested.map((n) => n.id)).toEqual([2, 3]);
    expect(tree[1]!.nested[0]!.nested.map((n) => n.id)).toEqual([5]);
    expect(tree[0]!.nested).toEqual([]);
  });

  it('makes an item whose parent is missing a top-level node', () => {
    const tree = buildTree([item(7, 99, 1)]);
    expect(tree.map((n) => n.id)).toEqual([7]);
  });
});

describe('subtreeIds', () => {
  it('lists the root and all descendants, not siblings', () => {
    const items = [item(1, null, 1), item(2, 1, 1), item(3, 2, 1), item(4, null, 2), item(5, 1, 2)];
    expect(subtreeIds(items, 1).sort()).toEqual([1, 2, 3, 5]);
    expect(subtreeIds(items, 2).sort()).toEqual([2, 3]);
    expect(subtreeIds(items, 4)).toEqual([4]);
  });
});

describe('placeAmongSiblings', () => {
  it('inserts at a 1-based position', () => {
    expect(placeAmongSiblings([1, 2, 3], 9, 1)).toEqual([9, 1, 2, 3]);
    expect(placeAmongSiblings([1, 2, 3], 9, 3)).toEqual([1, 2, 9, 3]);
  });

  it('appends for 0, undefined, or a position past the end', () => {
    expect(placeAmongSiblings([1, 2], 9, 0)).toEqual([1, 2, 9]);
    expect(placeAmongSiblings([1, 2], 9, undefined)).toEqual([1, 2, 9]);
    expect(placeAmongSiblings([1, 2], 9, 17)).toEqual([1, 2, 9]);
  });

  it('moves an existing sibling without duplicating it', () => {
    expect(placeAmongSiblings([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
    expect(placeAmongSiblings([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
  });
});

describe('markedWithDescendants', () => {
  it('marks the marked items and everything below them, not above or beside', () => {
    const items = [item(1, null, 1), item(2, 1, 1), item(3, 2, 1), item(4, 1, 2), item(5, null, 2)];
    expect([...markedWithDescendants(items, new Set([2]))].sort()).toEqual([2, 3]);
    expect([...markedWithDescendants(items, new Set([1]))].sort()).toEqual([1, 2, 3, 4]);
    expect(markedWithDescendants(items, new Set()).size).toBe(0);
  });
});

describe('subtreeHeight', () => {
  it('counts the levels from an item down to its deepest descendant', () => {
    const items = [item(1, null, 1), item(2, 1, 1), item(3, 2, 1), item(4, 1, 2), item(5, null, 2)];
    expect(subtreeHeight(items, 1)).toBe(3);
    expect(subtreeHeight(items, 2)).toBe(2);
    expect(subtreeHeight(items, 5)).toBe(1);
  });

  it('walks thousands of levels without recursion', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => item(i + 1, i === 0 ? null : i, 1));
    expect(subtreeHeight(chain, 1)).toBe(20_000);
    expect(buildTree(chain)[0]!.id).toBe(1);
  });
});

describe('subtreeSums', () => {
  it('adds up each item and everything below it within the items', () => {
    const items = [item(1, null, 1), item(2, 1, 1), item(3, 2, 1), item(4, 1, 2), item(5, 9, 1)];
    const sums = subtreeSums(items, (id) => id * 10);
    expect(Object.fromEntries(sums)).toEqual({ 1: 100, 2: 50, 3: 30, 4: 40, 5: 50 });
  });
});
