import { describe, expect, it } from 'vitest';
import { collectionSuggestions, snippetParts } from './search-text.ts';

const collections = ['Recipes', 'Work', 'Reading list', 'Travel', 'Archive'].map((name, id) => ({
  id,
  name,
}));
const names = (list: { name: string }[]) => list.map((collection) => collection.name);

describe('collectionSuggestions (PRODUCT.md#search)', () => {
  it('suggests the first 4 collections when the input is empty', () => {
    expect(names(collectionSuggestions(collections, ''))).toEqual([
      'Recipes',
      'Work',
      'Reading list',
      'Travel',
    ]);
    expect(names(collectionSuggestions(collections, '  '))).toHaveLength(4);
  });

  it('suggests every collection whose name contains the text, ignoring case', () => {
    expect(names(collectionSuggestions(collections, 'RE'))).toEqual(['Recipes', 'Reading list']);
    expect(names(collectionSuggestions(collections, 'ive'))).toEqual(['Archive']);
    expect(collectionSuggestions(collections, 'zzz')).toEqual([]);
  });
});

describe('snippetParts', () => {
  it('cuts a snippet into plain and matched pieces', () => {
    expect(snippetParts('Shop at Amazon today', [[10, 13]])).toEqual([
      { text: 'Shop at Am', match: false },
      { text: 'azo', match: true },
      { text: 'n today', match: false },
    ]);
  });

  it('marks several matches, at the edges too', () => {
    expect(
      snippetParts('zon and zon', [
        [0, 3],
        [8, 11],
      ]),
    ).toEqual([
      { text: 'zon', match: true },
      { text: ' and ', match: false },
      { text: 'zon', match: true },
    ]);
  });

  it('clips ranges beyond the snippet and skips empty or overlapping ones', () => {
    expect(
      snippetParts('abcdef', [
        [1, 3],
        [2, 4],
        [5, 5],
        [5, 99],
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bc', match: true },
      { text: 'd', match: true },
      { text: 'e', match: false },
      { text: 'f', match: true },
    ]);
  });

  it('is the whole snippet unmarked without ranges', () => {
    expect(snippetParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
  });
});
