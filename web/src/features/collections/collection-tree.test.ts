import { describe, expect, it } from 'vitest';
import type { CollectionNode } from '../../../../contract/collections.ts';
import {
  ancestorIds,
  asTreeListing,
  collectionIdFromParam,
  collectionOptions,
  collectionPath,
  countDescendants,
  filterTreeOptions,
  findInTree,
  pickerIdOf,
  moveInTree,
  projectTreeDrop,
  subtreePostCount,
} from './collection-tree.ts';
import { aCollection } from '../../test/collection-fixture.ts';

const node = (id: number, name: string, nested: CollectionNode[] = []) =>
  aCollection(id, name, { permission: 7, nested });

// Work ─┬─ Projects ── Nestmark
//       └─ Reading
// Home
const tree = [
  node(1, 'Work', [node(2, 'Projects', [node(3, 'Nestmark')]), node(4, 'Reading')]),
  node(5, 'Home'),
];

describe('collectionOptions', () => {
  it('flattens depth-first in sibling order with depths', () => {
    expect(collectionOptions(tree)).toEqual([
      { value: 1, label: 'Work', depth: 0 },
      { value: 2, label: 'Projects', depth: 1 },
      { value: 3, label: 'Nestmark', depth: 2 },
      { value: 4, label: 'Reading', depth: 1 },
      { value: 5, label: 'Home', depth: 0 },
    ]);
  });

  it('puts Uncategorized (0) first when asked', () => {
    expect(collectionOptions(tree, { uncategorized: true })[0]).toEqual({
      value: 0,
      label: 'Uncategorized',
      depth: 0,
    });
  });

  it('leaves out a collection with its whole subtree', () => {
    expect(collectionOptions(tree, { exclude: 2 }).map((option) => option.value)).toEqual([
      1, 4, 5,
    ]);
  });
});

describe('filterTreeOptions', () => {
  const options = collectionOptions(tree, { uncategorized: true });
  const valuesFor = (query: string) =>
    filterTreeOptions(options, query).map((option) => option.value);

  it('keeps the matches with the collections above them, in tree order', () => {
    expect(valuesFor('nest')).toEqual([1, 2, 3]);
    expect(valuesFor('READ')).toEqual([1, 4]);
  });

  it('keeps a matching parent without its children', () => {
    expect(valuesFor('work')).toEqual([1]);
  });

  it('finds nothing for a name nobody has, and everything for a blank query', () => {
    expect(valuesFor('zzz')).toEqual([]);
    expect(valuesFor('  ')).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('tree lookups', () => {
  it('finds nested collections and their ancestors', () => {
    expect(findInTree(tree, 3)?.name).toBe('Nestmark');
    expect(findInTree(tree, 99)).toBeUndefined();
    expect(ancestorIds(tree, 3)).toEqual([1, 2]);
    expect(ancestorIds(tree, 5)).toEqual([]);
    expect(ancestorIds(tree, 99)).toEqual([]);
  });

  it('counts descendants at any depth', () => {
    expect(countDescendants(tree[0]!)).toBe(3);
    expect(countDescendants(tree[1]!)).toBe(0);
  });
});

describe('ids and paths', () => {
  it('maps null and non-positive ids to Uncategorized', () => {
    expect(pickerIdOf(null)).toBe(0);
    expect(pickerIdOf(-1)).toBe(0);
    expect(pickerIdOf(7)).toBe(7);
    expect(collectionPath(null)).toBe('/');
    expect(collectionPath(0)).toBe('/');
    expect(collectionPath(7)).toBe('/c/7');
  });

  it('reads the collection id of a URL', () => {
    expect(collectionIdFromParam(undefined)).toBe(0);
    expect(collectionIdFromParam('12')).toBe(12);
    expect(collectionIdFromParam('12abc')).toBeUndefined();
    expect(collectionIdFromParam('-1')).toBeUndefined();
  });
});

describe('asTreeListing', () => {
  it('unwraps the withShared shape', () => {
    const listing = asTreeListing({
      collections: tree,
      shared_collections: [],
      uncategorized_post_count: 12,
    });
    expect(listing.collections).toHaveLength(2);
    expect(listing.shared).toEqual([]);
    expect(listing.uncategorizedPostCount).toBe(12);
  });

  it('accepts a bare flat list', () => {
    const { nested: _, ...flat } = node(9, 'Flat');
    expect(asTreeListing([flat]).collections).toEqual([node(9, 'Flat')]);
  });
});

describe('subtreePostCount', () => {
  it('adds the posts of every collection below to its own', () => {
    const counted = (id: number, count: number, nested: CollectionNode[] = []) => ({
      ...node(id, `C${id}`, nested),
      post_count: count,
    });
    const root = counted(1, 3, [counted(2, 4, [counted(3, 5)]), counted(4, 0)]);
    expect(subtreePostCount(root)).toBe(12);
    expect(subtreePostCount(counted(9, 7))).toBe(7);
  });
});

describe('projectTreeDrop', () => {
  // A › (A1, A2), B, C — all expanded.
  const rows = [
    { id: 1, parentId: null, depth: 0 },
    { id: 11, parentId: 1, depth: 1 },
    { id: 12, parentId: 1, depth: 1 },
    { id: 2, parentId: null, depth: 0 },
    { id: 3, parentId: null, depth: 0 },
  ];

  it('reorders among siblings', () => {
    expect(projectTreeDrop(rows, 3, 2, 0)).toEqual({ parentId: null, localOrder: 2, depth: 0 });
  });

  it('nests under the row above when dragged right', () => {
    expect(projectTreeDrop(rows, 3, 3, 1)).toEqual({ parentId: 2, localOrder: 1, depth: 1 });
    expect(projectTreeDrop(rows, 2, 2, 1)).toEqual({ parentId: 1, localOrder: 3, depth: 1 });
  });

  it('moves out of a parent when dragged left', () => {
    expect(projectTreeDrop(rows, 12, 12, -1)).toEqual({ parentId: null, localOrder: 2, depth: 0 });
  });

  it('clamps the depth to what the neighbours allow', () => {
    expect(projectTreeDrop(rows, 3, 3, 5)).toEqual({ parentId: 2, localOrder: 1, depth: 1 });
    // Between A1 and A2 it cannot leave A.
    expect(projectTreeDrop(rows, 3, 12, -3)).toEqual({ parentId: 1, localOrder: 2, depth: 1 });
  });

  it('says null when the drop changes nothing', () => {
    expect(projectTreeDrop(rows, 2, 2, 0)).toBeNull();
    expect(projectTreeDrop(rows, 11, 11, 0)).toBeNull();
  });
});

describe('moveInTree', () => {
  it('moves a collection with its children under a new parent at a place, renumbering siblings', () => {
    const moved = moveInTree(tree, 1, { parentId: 5, localOrder: 1 });
    expect(moved.map((node) => node.name)).toEqual(['Home']);
    const home = moved[0]!;
    expect(home.nested.map((node) => [node.name, node.parent_id, node.local_order])).toEqual([
      ['Work', 5, 1],
    ]);
    expect(home.nested[0]!.nested.map((node) => node.name)).toEqual(['Projects', 'Reading']);
  });

  it('moves to the top level', () => {
    const moved = moveInTree(tree, 2, { parentId: null, localOrder: 1 });
    expect(moved.map((node) => [node.name, node.local_order])).toEqual([
      ['Projects', 1],
      ['Work', 2],
      ['Home', 3],
    ]);
    expect(moved[0]!.nested.map((node) => node.name)).toEqual(['Nestmark']);
    expect(moved[1]!.nested.map((node) => node.name)).toEqual(['Reading']);
  });
});
