import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionEndpoints,
  type Collection,
  type CollectionNode,
} from '../../../contract/collections.ts';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { asNodes, bareList, withShared } from '../../test/collection-listing.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function patchPost(
  user: TestUser,
  id: number,
  body: EndpointInput<typeof postEndpoints.update>['body'],
) {
  const res = await t.call(postEndpoints.update, { token: user.token, params: { id }, body });
  expect(res.status, res.text).toBe(200);
}

/** Collection id → [post_count, post_count_with_descendants] over a flat or nested listing. */
function countsOf(
  items: Collection[] | CollectionNode[],
): Record<number, [number, number | undefined]> {
  const result: Record<number, [number, number | undefined]> = {};
  const pending: (Collection | CollectionNode)[] = [...items];
  while (pending.length > 0) {
    const item = pending.pop()!;
    result[item.id] = [item.post_count, item.post_count_with_descendants];
    pending.push(...('nested' in item ? item.nested : []));
  }
  return result;
}

/**
 * A user with Top (2 posts) › Middle (1 post) › Bottom (none), Side (none) and 1 Uncategorized
 * post; the ids of everything.
 */
async function userWithPosts() {
  const user = await t.createUser();
  const as = createAs(t, user);
  const top = (await as.collection({ name: 'Top' })).id;
  const middle = (await as.collection({ name: 'Middle', parent_id: top })).id;
  const bottom = (await as.collection({ name: 'Bottom', parent_id: middle })).id;
  const side = (await as.collection({ name: 'Side' })).id;
  const inTop = [
    (await as.post({ content: 'one', collection_id: top })).id,
    (await as.post({ content: 'two', collection_id: top })).id,
  ] as const;
  const inMiddle = (await as.post({ content: 'three', collection_id: middle })).id;
  const uncategorized = (await as.post({ content: 'four' })).id;
  return { user, top, middle, bottom, side, inTop, inMiddle, uncategorized };
}

describe('post counts of collections', () => {
  it('lists each collection with its live posts, and with those below it when asked', async () => {
    const { user, top, middle, bottom, side } = await userWithPosts();

    const flat = await t.call(collectionEndpoints.list, { token: user.token });
    expect(flat.status).toBe(200);
    expect(countsOf(bareList(flat.body.data))).toEqual({
      [top]: [2, undefined],
      [middle]: [1, undefined],
      [bottom]: [0, undefined],
      [side]: [0, undefined],
    });
    expect(bareList(flat.body.data)[0]).not.toHaveProperty('post_count_with_descendants');

    const nested = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true, withShared: true, withDescendantCounts: true },
    });
    expect(nested.status).toBe(200);
    expect(countsOf(withShared(nested.body.data).collections)).toEqual({
      [top]: [2, 3],
      [middle]: [1, 1],
      [bottom]: [0, 0],
      [side]: [0, 0],
    });
    expect(withShared(nested.body.data).uncategorized_post_count).toBe(1);

    const one = await t.call(collectionEndpoints.get, { token: user.token, params: { id: top } });
    expect(one.body.data.post_count).toBe(2);
    expect(one.body.data).not.toHaveProperty('post_count_with_descendants');
    const withBelow = await t.call(collectionEndpoints.get, {
      token: user.token,
      params: { id: top },
      query: { withDescendantCounts: true },
    });
    expect(withBelow.body.data).toMatchObject({ post_count: 2, post_count_with_descendants: 3 });
  });

  it('follows creating, moving to the recycle bin, restoring and transferring posts', async () => {
    const { user, top, middle, side, inTop, uncategorized } = await userWithPosts();
    const counts = async () => {
      const res = await t.call(collectionEndpoints.list, {
        token: user.token,
        query: { withShared: true, withDescendantCounts: true },
      });
      const listing = withShared(res.body.data);
      const all = countsOf(listing.collections);
      return {
        top: all[top],
        middle: all[middle],
        side: all[side],
        uncategorized: listing.uncategorized_post_count,
      };
    };

    await createAs(t, user).post({ content: 'five', collection_id: side });
    expect(await counts()).toEqual({
      top: [2, 3],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 1,
    });

    expect(
      (await t.call(postEndpoints.delete, { token: user.token, params: { id: inTop[0] } })).status,
    ).toBe(204);
    await patchPost(user, uncategorized, { is_archived: true });
    expect(await counts()).toEqual({
      top: [1, 2],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 0,
    });

    await patchPost(user, inTop[0], { is_archived: false });
    expect(await counts()).toEqual({
      top: [2, 3],
      middle: [1, 1],
      side: [1, 1],
      uncategorized: 0,
    });

    await patchPost(user, inTop[1], { collection_id: middle });
    await patchPost(user, inTop[0], { is_uncategorized: true });
    expect(await counts()).toEqual({
      top: [0, 2],
      middle: [2, 2],
      side: [1, 1],
      uncategorized: 1,
    });
  });

  it('shows the counts of shared collections to their members', async () => {
    const { user: owner, top, middle, bottom } = await userWithPosts();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    await asOwner.privateShare({
      collection_id: middle,
      user_id: member.id,
      permission: 4,
    });
    await asOwner.post({ content: 'deep', collection_id: bottom });
    await createAs(t, member).post({ content: 'mine' });

    const listing = await t.call(collectionEndpoints.list, {
      token: member.token,
      query: { nested: true, withShared: true, withDescendantCounts: true },
    });
    expect(listing.status).toBe(200);
    const { collections, shared_collections, uncategorized_post_count } = withShared(
      listing.body.data,
    );
    expect(collections).toEqual([]);
    expect(countsOf(shared_collections)).toEqual({
      [middle]: [1, 2],
      [bottom]: [1, 1],
    });
    expect(uncategorized_post_count).toBe(1);

    const one = await t.call(collectionEndpoints.get, {
      token: member.token,
      params: { id: middle },
      query: { withDescendantCounts: true },
    });
    expect(one.body.data).toMatchObject({ post_count: 1, post_count_with_descendants: 2 });
    const notShared = await t.call(collectionEndpoints.get, {
      token: member.token,
      params: { id: top },
      query: { withDescendantCounts: true },
    });
    expect(notShared.status).toBe(404);
  });
});

describe('post counts in the view of a share token', () => {
  it('shows each opened collection with its live posts', async () => {
    const { user: owner, middle, bottom } = await userWithPosts();
    const asOwner = createAs(t, owner);
    await asOwner.post({ content: 'deep', collection_id: bottom });
    const binned = (await asOwner.post({ content: 'gone', collection_id: bottom })).id;
    await t.call(postEndpoints.delete, { token: owner.token, params: { id: binned } });
    const share = (
      await t.call(shareEndpoints.createPublic, {
        token: owner.token,
        body: { collection_id: middle, include_descendants: true },
      })
    ).body.data;

    const view = await t.call(shareEndpoints.me, { token: share.token });
    expect(view.status).toBe(200);
    expect(view.body.data?.collection).toEqual({
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
    await createAs(t, owner).privateShare({ collection_id: middle, user_id: member.id });
    await createAs(t, member).collection({ name: 'Own' });

    const listing = await t.call(collectionEndpoints.list, {
      token: member.token,
      query: { withShared: true },
    });
    const flat = await t.call(collectionEndpoints.listShared, { token: member.token });
    expect(flat.status).toBe(200);
    expect(flat.body.data).toEqual(withShared(listing.body.data).shared_collections);
    expect(flat.body.data.map((c) => c.id).sort()).toEqual([middle, bottom].sort());
    expect(flat.body.data[0]).toMatchObject({ is_being_shared: true, permission: 7 });

    const nested = await t.call(collectionEndpoints.listShared, {
      token: member.token,
      query: { nested: true },
    });
    expect(nested.body.data).toHaveLength(1);
    expect(nested.body.data[0]).toMatchObject({ id: middle, post_count: 1 });
    expect(asNodes(nested.body.data)[0]?.nested.map((c) => c.id)).toEqual([bottom]);

    const ownersView = await t.call(collectionEndpoints.listShared, { token: owner.token });
    expect(ownersView.body.data).toEqual([]);
    expect((await t.call(collectionEndpoints.listShared)).status).toBe(401);
    // Not a boolean of the contract: sent as raw text.
    const maybe = await t.request('GET', '/api/collections/shared?nested=maybe', {
      token: member.token,
    });
    expect(maybe.status).toBe(400);
  });
});
