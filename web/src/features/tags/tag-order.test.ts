import { describe, expect, it } from 'vitest';
import { hasPostCounts, visibleTags, type ListedTag } from './tag-order.ts';

const tags: ListedTag[] = [
  { id: 1, name: 'Reading', post_count: 3 },
  { id: 2, name: 'café', post_count: 10 },
  { id: 3, name: 'recipes', post_count: 3 },
  { id: 4, name: 'Art', post_count: 0 },
];
const names = (list: ListedTag[]) => list.map((tag) => tag.name);

describe('visibleTags', () => {
  it('sorts by name either way, ignoring case', () => {
    expect(names(visibleTags(tags, '', 'name'))).toEqual(['Art', 'café', 'Reading', 'recipes']);
    expect(names(visibleTags(tags, '', 'name-desc'))).toEqual([
      'recipes',
      'Reading',
      'café',
      'Art',
    ]);
  });

  it('sorts by post count, most first, ties by name', () => {
    expect(names(visibleTags(tags, '', 'count'))).toEqual(['café', 'Reading', 'recipes', 'Art']);
  });

  it('keeps the tags whose name contains the filter, ignoring case, accents and a leading #', () => {
    expect(names(visibleTags(tags, 'RE', 'name'))).toEqual(['Reading', 'recipes']);
    expect(names(visibleTags(tags, '#cafe', 'name'))).toEqual(['café']);
    expect(visibleTags(tags, 'zzz', 'name')).toEqual([]);
  });
});

describe('hasPostCounts', () => {
  it('is true only when every tag carries its count', () => {
    expect(hasPostCounts(tags)).toBe(true);
    expect(hasPostCounts([{ id: 1, name: 'a' }])).toBe(false);
    expect(hasPostCounts([])).toBe(false);
  });
});
