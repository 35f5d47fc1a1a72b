import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEndpoints } from '../../../contract/posts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renumberList } from './post-order.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('renumberList', () => {
  it('numbers a list’s live posts 1..n by order, ties by id, leaving other lists and the bin', async () => {
    const user = await t.createUser();
    const ids: number[] = [];
    for (const content of ['a', 'b', 'c', 'd', 'e', 'other']) {
      const res = await t.call(postEndpoints.create, { token: user.token, body: { content } });
      ids.push(res.body.data.id);
    }
    const [a, b, c, d, e, other] = ids as [number, number, number, number, number, number];
    // As an import might leave them: gaps, ties, one in the recycle bin, one elsewhere.
    const set = async (id: number, fields: { order: number; binned_at?: string }) =>
      t.db.updateTable('posts').set(fields).where('id', '=', id).execute();
    await set(a, { order: 40 });
    await set(b, { order: 7 });
    await set(c, { order: 7 });
    await set(d, { order: -3 });
    await set(e, { order: 99, binned_at: '2026-01-01T00:00:00.000Z' });
    const otherUser = await t.createUser();
    const foreign = await t.call(postEndpoints.create, {
      token: otherUser.token,
      body: { content: 'x' },
    });
    await set(foreign.body.data.id, { order: 12 });

    await renumberList(t.db, { uncategorizedOf: user.id });
    const rows = await t.db
      .selectFrom('posts')
      .select(['id', 'order'])
      .where('id', 'in', [...ids, foreign.body.data.id])
      .execute();
    const orderOf = Object.fromEntries(rows.map((row) => [row.id, row.order]));
    // `other` kept 6 from creation and counts in the list: -3 < 6 < 7 = 7 < 40.
    expect([d, other, b, c, a].map((id) => orderOf[id])).toEqual([1, 2, 3, 4, 5]);
    expect(orderOf[e]).toBe(99);
    expect(orderOf[foreign.body.data.id]).toBe(12);
  });
});
