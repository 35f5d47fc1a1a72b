import { describe, expect, it } from 'vitest';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { parentChoices } from './collection-form.tsx';
import { aCollection } from '../../test/collection-fixture.ts';

const node = (id: number, name: string, permission: number, nested: CollectionNode[] = []) =>
  aCollection(id, name, { permission, nested });

const own = [node(1, 'Mine', 7, [node(2, 'Mine below', 7)])];
const shared = [node(10, 'Shared', 7, [node(11, 'Shared below', 7)]), node(20, 'Viewed', 4)];
const tree = { collections: own, shared };
const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe('parentChoices (PRODUCT.md#collection-form "Subcollection of")', () => {
  it('offers a new collection the top level and every collection the user may write to', () => {
    expect(labels(parentChoices(tree, undefined, true))).toEqual([
      'None',
      'Mine',
      'Mine below',
      'Shared',
      'Shared below',
    ]);
  });

  it('keeps an owned collection in its owner’s tree and out of its own subtree', () => {
    expect(labels(parentChoices(tree, own[0], true))).toEqual(['None']);
    expect(labels(parentChoices(tree, own[0]!.nested[0], true))).toEqual(['None', 'Mine']);
  });

  it('lets a member move only within the shared tree, and not its root', () => {
    expect(labels(parentChoices(tree, shared[0]!.nested[0], false))).toEqual(['Shared']);
    expect(parentChoices(tree, shared[0], false)).toEqual([]);
  });
});
