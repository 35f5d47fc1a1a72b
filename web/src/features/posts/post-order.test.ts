import { describe, expect, it } from 'vitest';
import { movePost, movePostInPages, orderAfterMove } from './post-order.ts';

const list = (...names: string[]) =>
  names.map((name, index) => ({ name, order: names.length - index }));

describe('orderAfterMove (PRODUCT.md#dragging-a-post: order plus index difference)', () => {
  it('raises the order when moving up, lowers it when moving down', () => {
    expect(orderAfterMove({ order: 2 }, 3, 1)).toBe(4);
    expect(orderAfterMove({ order: 5 }, 0, 4)).toBe(1);
    expect(orderAfterMove({ order: 3 }, 2, 2)).toBe(3);
  });
});

describe('movePost', () => {
  it('moves and renumbers descending from the highest', () => {
    const moved = movePost(list('e', 'd', 'c', 'b', 'a'), 3, 1);
    expect(moved.map((post) => [post.name, post.order])).toEqual([
      ['e', 5],
      ['b', 4],
      ['d', 3],
      ['c', 2],
      ['a', 1],
    ]);
  });

  it('agrees with the order sent to the server', () => {
    const posts = list('e', 'd', 'c', 'b', 'a');
    for (const [from, to] of [
      [3, 1],
      [0, 4],
      [4, 0],
      [2, 3],
    ] as const) {
      const moved = movePost(posts, from, to);
      expect(moved[to]!.order).toBe(orderAfterMove(posts[from]!, from, to));
    }
  });

  it('leaves the list as it is for a move to the same place or out of range', () => {
    const posts = list('b', 'a');
    expect(movePost(posts, 1, 1)).toEqual(posts);
    expect(movePost(posts, 0, 5)).toEqual(posts);
  });
});

describe('movePostInPages', () => {
  it('moves across pages and keeps each page’s size', () => {
    const pages = [
      list('f', 'e', 'd', 'c', 'b', 'a').slice(0, 2),
      list('f', 'e', 'd', 'c', 'b', 'a').slice(2, 4),
      list('f', 'e', 'd', 'c', 'b', 'a').slice(4),
    ];
    const moved = movePostInPages(pages, 5, 0);
    expect(moved.map((page) => page.map((post) => post.name))).toEqual([
      ['a', 'f'],
      ['e', 'd'],
      ['c', 'b'],
    ]);
    expect(moved.flat().map((post) => post.order)).toEqual([6, 5, 4, 3, 2, 1]);
  });
});
