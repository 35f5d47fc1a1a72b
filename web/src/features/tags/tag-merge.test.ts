import { describe, expect, it } from 'vitest';
import { mergeQuestion, mergeTarget, pathAfterMerge } from './tag-merge.ts';

const tags = [
  { id: 1, name: 'Reading', post_count: 3 },
  { id: 2, name: 'Books', post_count: 5 },
];

describe('mergeTarget', () => {
  it('is the other tag of that name, ignoring case and surrounding spaces', () => {
    expect(mergeTarget(tags, 1, '  bOOKS ')).toEqual(tags[1]);
  });

  it('is nothing for a new name, or for the tag’s own name in another case', () => {
    expect(mergeTarget(tags, 1, 'Novels')).toBeUndefined();
    expect(mergeTarget(tags, 1, 'READING')).toBeUndefined();
  });
});

describe('mergeQuestion', () => {
  it('names the tag that stays and counts the posts that move', () => {
    expect(mergeQuestion('Books', 3)).toBe('A tag named “Books” exists. Merge 3 posts into it?');
    expect(mergeQuestion('Books', 1)).toBe('A tag named “Books” exists. Merge 1 post into it?');
  });
});

describe('pathAfterMerge', () => {
  it('leads from the page or edit page of the tag that is gone to the survivor’s page', () => {
    expect(pathAfterMerge('/tags/1', 1, 2)).toBe('/tags/2');
    expect(pathAfterMerge('/tags/1/edit', 1, 2)).toBe('/tags/2');
  });

  it('stays anywhere else, and after a plain rename', () => {
    expect(pathAfterMerge('/tags', 1, 2)).toBeUndefined();
    expect(pathAfterMerge('/tags/12', 1, 2)).toBeUndefined();
    expect(pathAfterMerge('/tags/1', 1, 1)).toBeUndefined();
  });
});
