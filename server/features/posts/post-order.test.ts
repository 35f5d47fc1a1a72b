import { describe, expect, it } from 'vitest';
import { denseOrders, ordersOnTop, planRestore } from './post-order.ts';
import { PLACE_LOST } from './post-recycle-bin.ts';

/**
 * Replays a list: `live` names bottom to top, then the restored posts by the plan. Returns the
 * names bottom to top.
 */
function replay(live: string[], restored: { name: string; order: number; at: string }[]) {
  const ids = new Map(restored.map((post, i) => [i + 1, post.name]));
  const plan = planRestore(
    live.length,
    restored.map((post, i) => ({ id: i + 1, order: post.order, binned_at: post.at })),
  );
  const orders = live.map((name, i) => ({ name, order: i + 1 }));
  let lastAbove = Infinity;
  for (const { above, to, by } of plan.shifts) {
    expect(above).toBeLessThan(lastAbove);
    lastAbove = above;
    for (const post of orders) {
      if (post.order > above && post.order <= (to ?? Infinity)) post.order += by;
    }
  }
  for (const [id, order] of plan.orders) orders.push({ name: ids.get(id)!, order });
  const sorted = orders.sort((a, b) => a.order - b.order);
  expect(sorted.map((post) => post.order)).toEqual(sorted.map((_, i) => i + 1));
  return sorted.map((post) => post.name);
}

describe('planRestore', () => {
  it('puts posts deleted one after another back between their old neighbours', () => {
    // a b c d e; c deleted (order 3), then b (2), then e (3 by then).
    const restored = [
      { name: 'c', order: 3, at: '1' },
      { name: 'b', order: 2, at: '2' },
      { name: 'e', order: 3, at: '3' },
    ];
    expect(replay(['a', 'd'], restored)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(replay(['a', 'd'], [...restored].reverse())).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('restores posts deleted together (same time) into their places, lowest first', () => {
    // a b c d e; b (2) and d (4) deleted together keep their numbers.
    const restored = [
      { name: 'd', order: 4, at: '1' },
      { name: 'b', order: 2, at: '1' },
    ];
    expect(replay(['a', 'c', 'e'], restored)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('puts a post whose place is gone, or whose collection was deleted, on top', () => {
    expect(
      replay(
        ['a', 'b'],
        [
          { name: 'x', order: 9, at: '2' },
          { name: 'lost', order: PLACE_LOST, at: '1' },
        ],
      ),
    ).toEqual(['a', 'b', 'x', 'lost']);
    expect(replay([], [{ name: 'only', order: 5, at: '1' }])).toEqual(['only']);
  });

  it('moves each live post once, with the highest range first', () => {
    const plan = planRestore(5, [
      { id: 1, order: 2, binned_at: '1' },
      { id: 2, order: 4, binned_at: '1' },
    ]);
    // Restoring order 2 then 4: live 2..3 up by one, live 4..5 up by two.
    expect(plan.shifts).toEqual([
      { above: 2, by: 2 },
      { above: 1, to: 2, by: 1 },
    ]);
    expect([...plan.orders]).toEqual([
      [1, 2],
      [2, 4],
    ]);
  });
});

describe('denseOrders', () => {
  const live = (id: number, collection_id: number | null, order: number) => ({
    id,
    collection_id,
    order,
    binned_at: null,
  });

  it('numbers each list 1..n by the given order, ties by id (the higher id above)', () => {
    const orders = denseOrders([
      live(10, 1, 7),
      live(11, 1, 7),
      live(12, 1, 8),
      live(13, 1, 1),
      live(20, null, 7),
      live(21, null, 7),
      live(30, 2, -5),
      live(31, 2, 1000),
    ]);
    expect(Object.fromEntries(orders)).toEqual({
      10: 2,
      11: 3,
      12: 4,
      13: 1,
      20: 1,
      21: 2,
      30: 1,
      31: 2,
    });
  });

  it('leaves the order of posts in the recycle bin as given, outside the numbering', () => {
    const orders = denseOrders([
      live(1, 1, 5),
      { id: 2, collection_id: 1, order: 9, binned_at: '2026-01-15T10:00:00.000Z' },
      live(3, 1, 9),
    ]);
    expect(Object.fromEntries(orders)).toEqual({ 1: 1, 2: 9, 3: 2 });
  });

  it('keeps dense orders as they are', () => {
    const given = [live(4, 1, 3), live(5, 1, 1), live(6, 1, 2)];
    expect(Object.fromEntries(denseOrders(given))).toEqual({ 4: 3, 5: 1, 6: 2 });
  });
});

describe('ordersOnTop', () => {
  it('numbers each list on from its highest order, the first new post highest', () => {
    // Collection 1 has live posts up to order 4; collection 2 is new.
    const orders = ordersOnTop([1, 2, 1, 1, 2], new Map([[1, 4]]));

    expect(orders).toEqual([7, 2, 6, 5, 1]);
  });

  it('gives nothing for no posts', () => {
    expect(ordersOnTop([], new Map([[1, 3]]))).toEqual([]);
  });
});
