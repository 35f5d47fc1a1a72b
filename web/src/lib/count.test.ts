import { describe, expect, it } from 'vitest';
import { formatCount, plural } from './count.ts';

describe('counts', () => {
  it('separates thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('counts with the right plural', () => {
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(0, 'post')).toBe('0 posts');
    expect(plural(12345, 'post')).toBe('12,345 posts');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(1200, 'bookmark')).toBe('1,200 bookmarks');
  });
});
