import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function created(user: TestUser, url: string, body: Record<string, unknown>) {
  const res = await t.request('POST', url, { token: user.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const ownersPost = async (extra: Record<string, unknown> = {}) =>
  (await created(owner, '/api/posts', { content: 'owner’s', collection_id: shared, ...extra }))
    .id as number;

const row = (id: number) =>
  t.db
    .selectFrom('posts')
    .select(['user_id', 'collection_id', 'order', 'binned_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const tagNamesOf = async (user: TestUser) =>
  (await t.request('GET', '/api/tags', { token: user.token })).body.data.map(
    (tag: { name: string }) => tag.name,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  member = await t.createUser();
  shared = (await created(owner, '/api/collections', { name: 'Shared' })).id;
  below = (await created(owner, '/api/collections', { name: 'Below', parent_id: shared })).id;
  membersOwn = (await created(member, '/api/collections', { name: 'Mine' })).id;
  await created(owner, '/api/tags', { name: 'Research' });
  await created(owner, '/api/shares/private', {
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
    const res = await t.request('PATCH', `/api/posts/${id}`, { token: member.token, body: body() });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/owner’s account/);
    expect(await row(id)).toEqual(before);
    // The member cannot purge it either: it never reached their recycle bin.
    await t.request('DELETE', '/api/posts?is_trashed=1', { token: member.token });
    expect(await row(id)).toEqual(before);
  });

  it('403 in a bulk edit too, and nothing moves', async () => {
    const id = await ownersPost();
    const before = await row(id);
    const res = await t.request('PATCH', '/api/posts', {
      token: member.token,
      body: { ids: [id], collection_id: membersOwn },
    });
    expect(res.status).toBe(403);
    expect(await row(id)).toEqual(before);
  });

  it('403 when an owner pushes their own post into a collection shared with them', async () => {
    const own = (await created(member, '/api/posts', { content: 'member’s own' })).id as number;
    const before = await row(own);
    for (const body of [{ collection_id: shared }, { collection_id: below }]) {
      const res = await t.request('PATCH', `/api/posts/${own}`, { token: member.token, body });
      expect(res.status).toBe(403);
    }
    const bulk = await t.request('PATCH', '/api/posts', {
      token: member.token,
      body: { ids: [own], collection_id: shared },
    });
    expect(bulk.status).toBe(403);
    expect(await row(own)).toEqual({ ...before, user_id: member.id });
  });

  it('lets a member move the owner’s post within the owner’s shared tree; it stays the owner’s', async () => {
    const id = await ownersPost();
    const res = await t.request('PATCH', `/api/posts/${id}`, {
      token: member.token,
      body: { collection_id: below },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ collection_id: below, user_id: owner.id });
  });
});

describe('a member attaches only tags the owner already has', () => {
  it('links the owner’s existing tag by name, ignoring case', async () => {
    const id = await ownersPost();
    const res = await t.request('PATCH', `/api/posts/${id}`, {
      token: member.token,
      body: { tag_names: ['research'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Research']);
    expect(await tagNamesOf(member)).toEqual([]);
  });

  it('403 naming the tag when the owner does not have it, on PATCH, POST and bulk edit', async () => {
    const id = await ownersPost({ tag_names: ['Research'] });
    const patch = await t.request('PATCH', `/api/posts/${id}`, {
      token: member.token,
      body: { tag_names: ['Research', 'Planted'] },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.error.message).toContain('Planted');
    const posts = await t.db.selectFrom('posts').select('id').execute();
    const create = await t.request('POST', '/api/posts', {
      token: member.token,
      body: { content: 'new', collection_id: shared, tag_names: ['Planted'] },
    });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toContain('Planted');
    expect(await t.db.selectFrom('posts').select('id').execute()).toEqual(posts);
    const bulk = await t.request('PATCH', '/api/posts', {
      token: member.token,
      body: { ids: [id], add_tag_names: ['Planted'] },
    });
    expect(bulk.status).toBe(403);
    expect(bulk.body.error.message).toContain('Planted');

    expect(await tagNamesOf(owner)).toEqual(['Research']);
    const after = await t.request('GET', `/api/posts/${id}?withTags=true`, { token: owner.token });
    expect(after.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Research']);
  });

  it('still creates new tags for the owner on their own posts', async () => {
    const id = await ownersPost();
    const res = await t.request('PATCH', `/api/posts/${id}`, {
      token: owner.token,
      body: { tag_names: ['Fresh'] },
    });
    expect(res.status).toBe(200);
    expect(await tagNamesOf(owner)).toContain('Fresh');
  });
});
