import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareEndpoints, SHARE_TOKEN_LENGTH } from '../../../contract/shares.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { userEndpoints } from '../../../contract/users.ts';
import { asNodes, bareList, withShared } from '../../test/collection-listing.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An owner with the tree Top › Middle › Bottom and one post in each. */
async function ownerWithTree() {
  const owner = await t.createUser();
  const asOwner = createAs(t, owner);
  const top = (await asOwner.collection({ name: 'Top' })).id;
  const middle = (await asOwner.collection({ name: 'Middle', parent_id: top })).id;
  const bottom = (await asOwner.collection({ name: 'Bottom', parent_id: middle })).id;
  for (const [content, collection_id] of [
    ['in top', top],
    ['in middle', middle],
    ['in bottom', bottom],
  ] as const) {
    await asOwner.post({ content, collection_id });
  }
  return { owner, top, middle, bottom };
}

describe('public share tokens', () => {
  it('generates 32 letters and digits, and refuses short, odd or taken tokens', async () => {
    const { owner, top, middle, bottom } = await ownerWithTree();
    const asOwner = createAs(t, owner);
    const generated = await asOwner.publicShare({ collection_id: top });
    expect(generated.token).toMatch(new RegExp(`^[A-Za-z0-9]{${SHARE_TOKEN_LENGTH}}$`));
    expect(generated).toMatchObject({ is_active: true, include_descendants: false, permission: 4 });

    for (const token of ['a'.repeat(31), `${'a'.repeat(31)}-`, '']) {
      const res = await t.call(shareEndpoints.createPublic, {
        token: owner.token,
        body: { collection_id: middle, token },
      });
      expect(res.status, token).toBe(400);
      expect(res.error?.fields?.token).toBeDefined();
    }
    const taken = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: middle, token: generated.token },
    });
    expect(taken.status).toBe(409);
    const second = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: top },
    });
    expect(second.status).toBe(409);
    const custom = await asOwner.publicShare({
      collection_id: bottom,
      token: 'q7Rf2LmX9vTzK4pWc8YbN3sHd6GjA1eUo5Zi',
    });
    expect(custom.token).toBe('q7Rf2LmX9vTzK4pWc8YbN3sHd6GjA1eUo5Zi');
  });

  it('opens the shared collection read-only, marked noindex and no-referrer', async () => {
    const { owner, middle, bottom } = await ownerWithTree();
    const share = await createAs(t, owner).publicShare({ collection_id: middle });

    const me = await t.call(shareEndpoints.me, { token: share.token });
    expect(me.body.data).toEqual({
      collection_id: middle,
      permission: 4,
      include_descendants: false,
      collection: { id: middle, name: 'Middle', icon_id: null, post_count: 1, nested: [] },
    });
    const posts = await t.call(postEndpoints.list, { token: share.token });
    expect(posts.status).toBe(200);
    expect(posts.body.data.map((p) => p.content)).toEqual(['in middle']);
    expect(posts.headers['x-robots-tag']).toBe('noindex');
    expect(posts.headers['referrer-policy']).toBe('no-referrer');
    expect(
      (await t.call(postEndpoints.list, { token: share.token, query: { collection_id: bottom } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(postEndpoints.create, { token: share.token, body: { content: 'x' } })).status,
    ).toBe(401);

    // The owner opens the sub-collections too.
    await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id: share.id },
      body: { include_descendants: true },
    });
    const below = await t.call(postEndpoints.list, {
      token: share.token,
      query: { collection_id: bottom },
    });
    expect(below.body.data.map((p) => p.content)).toEqual(['in bottom']);
    const opened = await t.call(shareEndpoints.me, { token: share.token });
    expect(opened.body.data?.collection).toEqual({
      id: middle,
      name: 'Middle',
      icon_id: null,
      post_count: 1,
      nested: [{ id: bottom, name: 'Bottom', icon_id: null, post_count: 1, nested: [] }],
    });
  });

  it('stops working at once when switched off, re-tokened or revoked', async () => {
    const { owner, middle } = await ownerWithTree();
    const share = await createAs(t, owner).publicShare({ collection_id: middle });
    const read = (token: string) => t.call(postEndpoints.list, { token });

    await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id: share.id },
      body: { is_active: false },
    });
    expect((await read(share.token)).status).toBe(401);
    await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id: share.id },
      body: { is_active: true },
    });
    expect((await read(share.token)).status).toBe(200);

    const renewed = 'Xk4Tq9Lm2Vb7Rz5Nw8Pc3Hy6Df1Gs0Ja';
    await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id: share.id },
      body: { token: renewed },
    });
    expect((await read(share.token)).status).toBe(401);
    expect((await read(renewed)).status).toBe(200);

    expect(
      (await t.call(shareEndpoints.deletePublic, { token: owner.token, params: { id: share.id } }))
        .status,
    ).toBe(204);
    expect((await read(renewed)).status).toBe(401);
  });
});

describe('public share tokens: strength and reuse (security review)', () => {
  const createShare = (user: TestUser, collectionId: number, token?: string) =>
    t.call(shareEndpoints.createPublic, {
      token: user.token,
      body: { collection_id: collectionId, ...(token && { token }) },
    });

  it('refuses a chosen token that is long but easy to guess with 400 on token, sharing nothing', async () => {
    const { owner, top } = await ownerWithTree();
    for (const token of [
      'P'.repeat(32),
      'abcdefghijklmnopqrstuvwxyz012345',
      'PublicShareTokenOfThirtyTwoOrMoreLetters',
    ]) {
      const res = await createShare(owner, top, token);
      expect(res.status, token).toBe(400);
      expect(res.error?.code).toBe('VALIDATION');
      expect(res.error?.fields?.token?.[0]).toMatch(/too easy to guess/);
    }
    expect((await t.call(shareEndpoints.listPublic, { token: owner.token })).body.data).toEqual([]);
    const generated = await createShare(owner, top);
    expect(generated.status).toBe(201);
    const patch = await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id: generated.body.data.id },
      body: { token: 'Q'.repeat(40) },
    });
    expect(patch.status).toBe(400);
    expect(patch.error?.fields?.token?.[0]).toMatch(/too easy to guess/);
  });

  it('never lets anyone register a revoked token again, so an old link cannot show new content', async () => {
    const ada = await ownerWithTree();
    const mallory = await ownerWithTree();
    const revoked = (await createShare(ada.owner, ada.top)).body.data;
    await t.call(shareEndpoints.deletePublic, {
      token: ada.owner.token,
      params: { id: revoked.id },
    });
    const reuse = await createShare(mallory.owner, mallory.top, revoked.token);
    expect(reuse.status).toBe(409);
    expect(reuse.error?.fields?.token).toBeDefined();
    expect((await createShare(ada.owner, ada.middle, revoked.token)).status).toBe(409);
    expect((await t.call(postEndpoints.list, { token: revoked.token })).status).toBe(401);
  });

  it('never lets anyone register a replaced token again', async () => {
    const ada = await ownerWithTree();
    const mallory = await ownerWithTree();
    const share = (await createShare(ada.owner, ada.top)).body.data;
    const renewed = await t.call(shareEndpoints.updatePublic, {
      token: ada.owner.token,
      params: { id: share.id },
      body: { token: 'Rb5Kx8Wq2Tn7Lz4Mv9Pd3Hc6Gf1Ys0Ja' },
    });
    expect(renewed.status).toBe(200);
    const reuse = await createShare(mallory.owner, mallory.top, share.token);
    expect(reuse.status).toBe(409);
    const mine = (await createShare(mallory.owner, mallory.middle)).body.data;
    const patched = await t.call(shareEndpoints.updatePublic, {
      token: mallory.owner.token,
      params: { id: mine.id },
      body: { token: share.token },
    });
    expect(patched.status).toBe(409);
  });

  it('retires the token of a collection that is deleted, and of a user who is deleted', async () => {
    const ada = await ownerWithTree();
    const mallory = await ownerWithTree();
    const admin = await t.createUser({ permission: 255 });
    const ofCollection = (await createShare(ada.owner, ada.bottom)).body.data;
    await t.call(collectionEndpoints.delete, {
      token: ada.owner.token,
      params: { id: ada.bottom },
    });
    expect((await createShare(mallory.owner, mallory.top, ofCollection.token)).status).toBe(409);
    const ofUser = (await createShare(ada.owner, ada.top)).body.data;
    expect(
      (await t.call(userEndpoints.delete, { token: admin.token, params: { id: ada.owner.id } }))
        .status,
    ).toBe(204);
    expect((await createShare(mallory.owner, mallory.middle, ofUser.token)).status).toBe(409);
  });
});

describe('private shares', () => {
  it('shows the shared collection and everything below it to the member, flagged as shared', async () => {
    const { owner, top, middle } = await ownerWithTree();
    const member = await t.createUser();
    await createAs(t, owner).privateShare({ collection_id: middle, user_id: member.id });

    const theirs = await t.call(collectionEndpoints.list, {
      token: member.token,
      query: { nested: true, withShared: true },
    });
    const { collections, shared_collections } = withShared(theirs.body.data);
    expect(collections).toEqual([]);
    const sharedTree = asNodes(shared_collections);
    expect(sharedTree).toHaveLength(1);
    expect(sharedTree[0]).toMatchObject({
      name: 'Middle',
      user_id: owner.id,
      is_being_shared: true,
    });
    expect(sharedTree[0]?.nested.map((c) => c.name)).toEqual(['Bottom']);

    const mine = await t.call(collectionEndpoints.list, { token: owner.token });
    const flags = Object.fromEntries(
      bareList(mine.body.data).map((c) => [c.id, c.is_being_shared]),
    );
    expect(flags[top]).toBe(false);
    expect(flags[middle]).toBe(true);
  });

  it('lists inherited members with the ancestor as root, and lets members leave', async () => {
    const { owner, top, middle, bottom } = await ownerWithTree();
    const asOwner = createAs(t, owner);
    const direct = await t.createUser();
    const inherited = await t.createUser();
    const directShare = await asOwner.privateShare({
      collection_id: bottom,
      user_id: direct.id,
    });
    await asOwner.privateShare({
      collection_id: top,
      user_id: inherited.id,
      permission: 4,
    });

    const members = await t.call(shareEndpoints.listPrivate, {
      token: owner.token,
      query: { collection_id: bottom },
    });
    const byUser = Object.fromEntries(
      members.body.data.map((s) => [s.user_id, [s.root_collection_id, s.permission]]),
    );
    expect(byUser).toEqual({ [direct.id]: [bottom, 7], [inherited.id]: [top, 4] });
    expect(members.body.data[0]?.user).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
    });
    expect(
      (await t.call(collectionEndpoints.get, { token: inherited.token, params: { id: middle } }))
        .status,
    ).toBe(200);

    expect(
      (
        await t.call(shareEndpoints.deletePrivate, {
          token: direct.token,
          params: { id: directShare.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call(collectionEndpoints.get, { token: direct.token, params: { id: bottom } }))
        .status,
    ).toBe(404);
  });

  it('refuses sharing with oneself, with nobody, and twice', async () => {
    const { owner, top } = await ownerWithTree();
    const member = await t.createUser();
    const share = (user_id: number) =>
      t.call(shareEndpoints.createPrivate, {
        token: owner.token,
        body: { collection_id: top, user_id },
      });
    expect((await share(owner.id)).status).toBe(422);
    expect((await share(999_999)).status).toBe(404);
    expect((await share(member.id)).status).toBe(201);
    expect((await share(member.id)).status).toBe(409);
    // A level the contract's types refuse, sent as it is.
    const bad = await t.request('POST', '/api/shares/private', {
      token: owner.token,
      body: { collection_id: top, user_id: member.id, permission: 5 },
    });
    expect(bad.status).toBe(400);
  });

  it('lets an edit member add posts and collections that belong to the owner, and the owner sees them', async () => {
    const { owner, middle } = await ownerWithTree();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    const asMember = createAs(t, member);
    await asOwner.privateShare({ collection_id: middle, user_id: member.id });
    await asOwner.tag('team');

    const post = await asMember.post({
      content: 'from the member',
      collection_id: middle,
      tag_names: ['team'],
    });
    expect(post.user_id).toBe(owner.id);
    const sub = await asMember.collection({
      name: 'Member made',
      parent_id: middle,
    });
    expect(sub.user_id).toBe(owner.id);
    const seen = await t.call(postEndpoints.list, {
      token: owner.token,
      query: { collection_id: middle, withTags: true },
    });
    expect(seen.body.data.map((p) => p.content)).toContain('from the member');
    const ownerTags = await t.call(tagEndpoints.list, { token: owner.token });
    expect(ownerTags.body.data.map((tag) => tag.name)).toEqual(['team']);
  });

  it('keeps collections inside their owner’s tree: members cannot move them out or bring their own in', async () => {
    const { owner, middle, bottom } = await ownerWithTree();
    const member = await t.createUser();
    await createAs(t, owner).privateShare({ collection_id: middle, user_id: member.id });
    const own = (await createAs(t, member).collection({ name: 'Mine' })).id;

    const out = await t.call(collectionEndpoints.update, {
      token: member.token,
      params: { id: bottom },
      body: { is_root: true },
    });
    expect(out.status).toBe(403);
    const outUnderOwn = await t.call(collectionEndpoints.update, {
      token: member.token,
      params: { id: bottom },
      body: { parent_id: own },
    });
    expect(outUnderOwn.status).toBe(403);
    const bringIn = await t.call(collectionEndpoints.update, {
      token: member.token,
      params: { id: own },
      body: { parent_id: middle },
    });
    expect(bringIn.status).toBe(403);
    const tree = await t.call(collectionEndpoints.list, {
      token: owner.token,
      query: { nested: true },
    });
    expect(JSON.stringify(tree.body.data)).toContain(
      `"id":${bottom},"name":"Bottom","parent_id":${middle}`,
    );
  });

  it('keeps a post in its owner’s account: a member cannot move it out of the shared tree', async () => {
    const { owner, middle } = await ownerWithTree();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    await asOwner.privateShare({ collection_id: middle, user_id: member.id });
    const post = await asOwner.post({ content: 'kept', collection_id: middle });

    const moved = await t.call(postEndpoints.update, {
      token: member.token,
      params: { id: post.id },
      body: { collection_id: 0 },
    });
    expect(moved.status).toBe(403);
    const still = await t.call(postEndpoints.get, { token: owner.token, params: { id: post.id } });
    expect(still.body.data).toMatchObject({ user_id: owner.id, collection_id: middle });
  });

  it('makes a member view-only when the owner lowers the level', async () => {
    const { owner, middle } = await ownerWithTree();
    const member = await t.createUser();
    const share = await createAs(t, owner).privateShare({
      collection_id: middle,
      user_id: member.id,
    });
    await t.call(shareEndpoints.updatePrivate, {
      token: owner.token,
      params: { id: share.id },
      body: { permission: 4 },
    });
    const write = await t.call(postEndpoints.create, {
      token: member.token,
      body: { content: 'x', collection_id: middle },
    });
    expect(write.status).toBe(403);
    expect(
      (await t.call(postEndpoints.list, { token: member.token, query: { collection_id: middle } }))
        .status,
    ).toBe(200);
  });
});

describe('collection icons', () => {
  it('accepts ids of the catalogue and refuses others', async () => {
    const user = await t.createUser();
    const ok = await t.call(collectionEndpoints.create, {
      token: user.token,
      body: { name: 'Py', icon_id: 4003 },
    });
    expect(ok.body.data.icon_id).toBe(4003);
    for (const icon_id of [9999, 109, 0]) {
      const res = await t.call(collectionEndpoints.create, {
        token: user.token,
        body: { name: 'x', icon_id },
      });
      expect(res.status, String(icon_id)).toBe(400);
    }
    const cleared = await t.call(collectionEndpoints.update, {
      token: user.token,
      params: { id: ok.body.data.id },
      body: { icon_id: null },
    });
    expect(cleared.body.data.icon_id).toBeNull();
  });
});
