import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * Posts never leave their owner's account through a share, and tags are created only by their
 * owner (security findings 5 and 17). The owner shares "Shared" (with "Below" under it) with an
 * edit member, who has collections of their own.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let shared: number;
let below: number;
let membersOwn: number;

type PostBody = EndpointInput<typeof postEndpoints.create>['body'];

const ownersPost = async (extra: Partial<PostBody> = {}) =>
  (await createAs(t, owner).post({ content: 'owner’s', collection_id: shared, ...extra })).id;

const row = (id: number) =>
  t.db
    .selectFrom('posts')
    .select(['user_id', 'collection_id', 'order', 'binned_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const tagNamesOf = async (user: TestUser) =>
  (await t.call(tagEndpoints.list, { token: user.token })).body.data.map((tag) => tag.name);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  const asOwner = createAs(t, owner);
  member = await t.createUser();
  shared = (await asOwner.collection({ name: 'Shared' })).id;
  below = (await asOwner.collection({ name: 'Below', parent_id: shared })).id;
  membersOwn = (await createAs(t, member).collection({ name: 'Mine' })).id;
  await asOwner.tag('Research');
  await asOwner.privateShare({
    collection_id: shared,
    user_id: member.id,
    permission: 7,
  });
});
afterAll(() => t.close());

describe('a transfer never takes a post out of its owner’s account', () => {
  it.each([
    ['into the member’s own collection', () => ({ collection_id: membersOwn })],
    ['into the member’s Uncategorized (collection_id 0)', () => ({ collection_id: 0 })],
    ['into the member’s Uncategorized (is_uncategorized)', () => ({ is_uncategorized: true })],
  ])('403 when an edit member moves the owner’s post %s', async (_, body) => {
    const id = await ownersPost();
    const before = await row(id);
    const res = await t.call(postEndpoints.update, {
      token: member.token,
      params: { id },
      body: body(),
    });
    expect(res.status).toBe(403);
    expect(res.error?.message).toMatch(/owner’s account/);
    expect(await row(id)).toEqual(before);
    // The member cannot purge it either: it never reached their recycle bin.
    await t.call(postEndpoints.clearRecycleBin, {
      token: member.token,
      query: { is_trashed: '1' },
    });
    expect(await row(id)).toEqual(before);
  });

  it('403 in a bulk edit too, and nothing moves', async () => {
    const id = await ownersPost();
    const before = await row(id);
    const res = await t.call(postEndpoints.bulkUpdate, {
      token: member.token,
      body: { ids: [id], collection_id: membersOwn },
    });
    expect(res.status).toBe(403);
    expect(await row(id)).toEqual(before);
  });

  it('403 when an owner pushes their own post into a collection shared with them', async () => {
    const own = (await createAs(t, member).post({ content: 'member’s own' })).id;
    const before = await row(own);
    for (const body of [{ collection_id: shared }, { collection_id: below }]) {
      const res = await t.call(postEndpoints.update, {
        token: member.token,
        params: { id: own },
        body,
      });
      expect(res.status).toBe(403);
    }
    const bulk = await t.call(postEndpoints.bulkUpdate, {
      token: member.token,
      body: { ids: [own], collection_id: shared },
    });
    expect(bulk.status).toBe(403);
    expect(await row(own)).toEqual({ ...before, user_id: member.id });
  });

  it('lets a member move the owner’s post within the owner’s shared tree; it stays the owner’s', async () => {
    const id = await ownersPost();
    const res = await t.call(postEndpoints.update, {
      token: member.token,
      params: { id },
      body: { collection_id: below },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ collection_id: below, user_id: owner.id });
  });
});

describe('a member attaches only tags the owner already has', () => {
  it('links the owner’s existing tag by name, ignoring case', async () => {
    const id = await ownersPost();
    const res = await t.call(postEndpoints.update, {
      token: member.token,
      params: { id },
      body: { tag_names: ['research'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.tags?.map((tag) => tag.name)).toEqual(['Research']);
    expect(await tagNamesOf(member)).toEqual([]);
  });

  it('403 naming the tag when the owner does not have it, on PATCH, POST and bulk edit', async () => {
    const id = await ownersPost({ tag_names: ['Research'] });
    const patch = await t.call(postEndpoints.update, {
      token: member.token,
      params: { id },
      body: { tag_names: ['Research', 'Planted'] },
    });
    expect(patch.status).toBe(403);
    expect(patch.error?.message).toContain('Planted');
    const posts = await t.db.selectFrom('posts').select('id').execute();
    const create = await t.call(postEndpoints.create, {
      token: member.token,
      body: { content: 'new', collection_id: shared, tag_names: ['Planted'] },
    });
    expect(create.status).toBe(403);
    expect(create.error?.message).toContain('Planted');
    expect(await t.db.selectFrom('posts').select('id').execute()).toEqual(posts);
    const bulk = await t.call(postEndpoints.bulkUpdate, {
      token: member.token,
      body: { ids: [id], add_tag_names: ['Planted'] },
    });
    expect(bulk.status).toBe(403);
    expect(bulk.error?.message).toContain('Planted');

    expect(await tagNamesOf(owner)).toEqual(['Research']);
    const after = await t.call(postEndpoints.get, {
      token: owner.token,
      params: { id },
      query: { withTags: true },
    });
    expect(after.body.data.tags?.map((tag) => tag.name)).toEqual(['Research']);
  });

  it('still creates new tags for the owner on their own posts', async () => {
    const id = await ownersPost();
    const res = await t.call(postEndpoints.update, {
      token: owner.token,
      params: { id },
      body: { tag_names: ['Fresh'] },
    });
    expect(res.status).toBe(200);
    expect(await tagNamesOf(owner)).toContain('Fresh');
  });
});
