import { describe, expect, it } from 'vitest';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { collectionPaths, PALETTE_GROUP_LIMIT, paletteItems } from './palette-items.ts';

const node = (id: number, name: string, nested: CollectionNode[] = []) =>
  ({ id, name, nested }) as unknown as CollectionNode;

const collections = collectionPaths([
  node(1, 'Work', [node(2, 'Clients', [node(3, 'Acme')])]),
  node(4, 'Reading'),
]);
const tags = [
  { id: 10, name: 'recipes' },
  { id: 11, name: 'work-notes' },
];
const labels = (text: string, posts: { id: number; title: string }[] = []) =>
  paletteItems({ text, collections, tags, posts }).map((item) => `${item.kind}:${item.label}`);

describe('collectionPaths', () => {
  it('names each collection by its full path, after Uncategorized', () => {
    expect(collections).toEqual([
      { id: 0, path: 'Uncategorized' },
      { id: 1, path: 'Work' },
      { id: 2, path: 'Work / Clients' },
      { id: 3, path: 'Work / Clients / Acme' },
      { id: 4, path: 'Reading' },
    ]);
  });
});

describe('paletteItems', () => {
  it('offers the actions first, then collections and tags, with nothing typed', () => {
    expect(labels('')).toEqual([
      'action:New post',
      'action:Import',
      'action:Toggle theme',
      'action:Keyboard shortcuts',
      'collection:Uncategorized',
      'collection:Work',
      'collection:Work / Clients',
      'collection:Work / Clients / Acme',
      'collection:Reading',
      'tag:recipes',
      'tag:work-notes',
    ]);
  });

  it('keeps what holds every typed word, ignoring case, those starting with it first', () => {
    expect(labels('CLIENTS')).toEqual([
      'collection:Work / Clients',
      'collection:Work / Clients / Acme',
      'search:Search for “CLIENTS”',
    ]);
    expect(labels('acme work')).toEqual([
      'collection:Work / Clients / Acme',
      'search:Search for “acme work”',
    ]);
    // "work-notes" and "Work" start with it; "Clients" only lies below "Work".
    expect(labels('work')).toEqual([
      'collection:Work',
      'collection:Work / Clients',
      'collection:Work / Clients / Acme',
      'tag:work-notes',
      'search:Search for “work”',
    ]);
    expect(labels('notes')).toEqual(['tag:work-notes', 'search:Search for “notes”']);
  });

  it('puts those starting with the word before those only holding it', () => {
    expect(labels('re')).toEqual(['collection:Reading', 'tag:recipes', 'search:Search for “re”']);
    expect(labels('e')).toContain('action:Keyboard shortcuts');
    expect(labels('the').filter((label) => label.startsWith('action'))).toEqual([
      'action:Toggle theme',
    ]);
  });

  it('lists the posts the search found, then the search itself', () => {
    expect(labels('soup', [{ id: 7, title: 'Leek soup' }])).toEqual([
      'post:Leek soup',
      'search:Search for “soup”',
    ]);
  });

  it('offers at most a handful of collections and tags', () => {
    const many = Array.from({ length: 20 }, (_, index) => ({ id: index, path: `Box ${index}` }));
    const items = paletteItems({ text: 'box', collections: many, tags: [], posts: [] });
    expect(items.filter((item) => item.kind === 'collection')).toHaveLength(PALETTE_GROUP_LIMIT);
  });
});
