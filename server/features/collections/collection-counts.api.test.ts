import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function created(user: TestUser, url: string, body: Record<string, unknown>) {
  const res = await t.request('POST', url, { token: user.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number };
}

async function patch(user: TestUser, url: string, body: Record<string, unknown>) {
  const res = await t.request('PATCH', url, { token: user.token, body });
  expect(res.status, res.text).toBe(200);
}

interface Listed {
  id: number;
  post_count: number;
  post_count_with_descendants?: number;
  nested?: Listed[];
}

/** Collection id → [post_count, post_count_with_descendants] over a flat or nested listing. */
function countsOf(items: Listed[]): Record<number, [number, number | undefined]> {
  const result: Record<number, [number, number | undefined]> = {};
  const pending = [...items];
  while (pending.length > 0) {
    const item = pending.pop()!;
    result[item.id] = [item.post_count, item.post_count_with_descendants];
    pending.push(...(item.nested ?? []));
  }
  return result;
}

/**
 * A user with Top (2 posts) › Middle (1 post) › Bottom (none), Side (none) and 1 Uncategorized
 * post; the ids of everything.
 */
async function userWithPosts() {
  const user = await t.createUser();
  const top = (await created(user, '/api/collections', { name: 'Top' })).id;
  const middle = (await created(user, '/api/collections', { name: 'Middle', parent_id: top })).id;
  const bottom = (await created(user, '/api/collections', { name: 'Bottom', parent_id: middle }))
    .id;
  const side = (await created(user, '/api/collections', { name: 'Side' })).id;
  const inTop = [
    (await created(user, '/api/posts', { content: 'one', collection_id: top })).id,
    (await created(user, '/api/posts', { content: 'two', collection_id: top })).id,
  ];
  const inMiddle = (await created(user, '/api/posts', { content: 'three', collection_id: middle }))
    .id;
  const uncategorized = (await created(user, '/api/posts', { content: 'four' })).id;
  return { user, top, middle, bottom, side, inTop, inMiddle, uncategorized };
}

describe('post counts of collections', () => {
  it('lists each collection with its live posts, and with those below it when asked', async () => {
    const { user, top, middle, bottom, side } = await userWithPosts();

    const flat = await t.request('GET', '/api/collections', { token: user.token });
    expect(flat.status).toBe(200);
    expect(countsOf(flat.body.data)).toEqual({
      [top]: [2, undefined],
      [middle]: [1, undefined],
      [bottom]: [0, undefined],
      [side]: [0, undefined],
    });
    expect(flat.body.data[0]).not.toHaveProperty('post_count_with_descendants');

    const nested = await t.request(
      'GET',
      '/api/collections?nested=true&withShared=true&withDescendantCounts=true',
      { token: user.token },
    );
    expect(nested.status).toBe(200);
    expect(countsOf(nested.body.data.collections)).toEqual({
      [top]: [2, 3],
      [middle]: [1, 1],
      [bottom]: [0, 0],
      [side]: [0, 0],
    });
    expect(nested.body.data.uncategorized_post_count).toBe(1);

    const one = await t.request('GET', `/api/collections/${top}`, { token: user.token });
    expect(one.body.data.post_count).toBe(2);
    expect(one.body.data).not.toHaveProperty('post_count_with_descendants');
    const withBelow = await t.request('GET', `/api/collections/${top}?withDescendantCounts=true`, {
      token: user.token,
    });
    expect(withBelow.body.data).toMatchObject({ post_count: 2, post_count_with_descendants: 3 });
  });

  it('follows creating, moving to the recycle bin, restoring and transferring posts', async () => {
    const { user, top, middle, side, inTop, uncategorized } = await userWithPosts();
    const counts = async () => {
      const res = await t.request(
        'GET',
        '/api/collections?withShared=true&withDescendantCounts=true',
        {
          token: user.token,
        },
      );
      const all = countsOf(res.body.data.collections);
      return {
        top: all[top],
        middle: all[middle],
        side: all[side],
        uncategorized: res.body.data.uncategorized_post_count,
      };
    };

    await created(user, '/api/posts', { content: 'five', collection_id: side });
    expect(await counts()).toEqual({
      top: [2, 3],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 1,
    });

    expect(
      (await t.request('DELETE', `/api/posts/${inTop[0]}`, { token: user.token })).status,
    ).toBe(204);
    await patch(user, `/api/posts/${uncategorized}`, { is_archived: true });
    expect(await counts()).toEqual({
      top: [1, 2],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 0,
    });

    await patch(user, `/api/posts/${inTop[0]}`, { is_archived: false });
    expect(await counts()).toEqual({
      top: [2, 3],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 0,
    });

    await patch(user, `/api/posts/${inTop[1]}`, { collection_id: middle });
    await patch(user, `/api/posts/${inTop[0]}`, { is_uncategorized: true });
    expect(await counts()).toEqual({
      top: [0, 2],
      middle: [2, 2],
      side: [1, 1],
      uncategorized: 1,
    });
  });

  it('shows the counts of shared collections to their members', async () => {
    const { user: owner, top, middle, bottom } = await userWithPosts();
    const member = await t.createUser();
    await created(owner, '/api/shares/private', {
      collection_id: middle,
      user_id: member.id,
      permission: 4,
    });
    await created(owner, '/api/posts', { content: 'deep', collection_id: bottom });
    await created(member, '/api/posts', { content: 'mine' });

    const listing = await t.request(
      'GET',
      '/api/collections?nested=true&withShared=true&withDescendantCounts=true',
      { token: member.token },
    );
    expect(listing.status).toBe(200);
    expect(listing.body.data.collections).toEqual([]);
    expect(countsOf(listing.body.data.shared_collections)).toEqual({
      [middle]: [1, 2],
      [bottom]: [1, 1],
    });
    expect(listing.body.data.uncategorized_post_count).toBe(1);

    const one = await t.request('GET', `/api/collections/${middle}?withDescendantCounts=true`, {
      token: member.token,
    });
    expect(one.body.data).toMatchObject({ post_count: 1, post_count_with_descendants: 2 });
    const notShared = await t.request('GET', `/api/collections/${top}?withDescendantCounts=true`, {
      token: member.token,
    });
    expect(notShared.status).toBe(404);
  });
});

describe('post counts in the view of a share token', () => {
  it('shows each opened collection with its live posts', async () => {
    const { user: owner, middle, bottom } = await userWithPosts();
    await created(owner, '/api/posts', { content: 'deep', collection_id: bottom });
    const binned = await created(owner, '/api/posts', { content: 'gone', collection_id: bottom });
    await t.request('DELETE', `/api/posts/${binned.id}`, { token: owner.token });
    const share = (
      await t.request('POST', '/api/shares/public', {
        token: owner.token,
        body: { collection_id: middle, include_descendants: true },
      })
    ).body.data as { token: string };

    const view = await t.request('GET', '/api/shares/public/me', { token: share.token });
    expect(view.status).toBe(200);
    expect(view.body.data.collection).toEqual({
      id: middle,
      name: 'Middle',
      icon_id: null,
      post_count: 1,
      nested: [{ id: bottom, name: 'Bottom', icon_id: null, post_count: 1, nested: [] }],
    });
  });
});

describe('GET /api/collections/shared', () => {
  it('lists what is shared with the caller, like shared_collections, flat or nested', async () => {
    const { user: owner, middle, bottom } = await userWithPosts();
    const member = await t.createUser();
    await created(owner, '/api/shares/private', { collection_id: middle, user_id: member.id });
    await created(member, '/api/collections', { name: 'Own' });

    const listing = await t.request('GET', '/api/collections?withShared=true', {
      token: member.token,
    });
    const flat = await t.request('GET', '/api/collections/shared', { token: member.token });
    expect(flat.status).toBe(200);
    expect(flat.body.data).toEqual(listing.body.data.shared_collections);
    expect(flat.body.data.map((c: { id: number }) => c.id).sort()).toEqual([middle, bottom].sort());
    expect(flat.body.data[0]).toMatchObject({ is_being_shared: true, permission: 7 });

    const nested = await t.request('GET', '/api/collections/shared?nested=true', {
      token: member.token,
    });
    expect(nested.body.data).toHaveLength(1);
    expect(nested.body.data[0]).toMatchObject({ id: middle, post_count: 1 });
    expect(nested.body.data[0].nested.map((c: { id: number }) => c.id)).toEqual([bottom]);

    const ownersView = await t.request('GET', '/api/collections/shared', { token: owner.token });
    expect(ownersView.body.data).toEqual([]);
    expect((await t.request('GET', '/api/collections/shared')).status).toBe(401);
    expect(
      (await t.request('GET', '/api/collections/shared?nested=maybe', { token: member.token }))
        .status,
    ).toBe(400);
  });
});
