import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * Favourites (PRODUCT.md#favourites): a star per user and post, set with PATCH /api/posts/{id}
 * by anyone who may read the post, shown as `is_favorite`, listed with `favorites=true` and
 * searched with `is:favorite`. The owner shares "Shared" with a viewer (permission 4).
 */

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let shared: number;

type ListQuery = EndpointInput<typeof postEndpoints.list>['query'];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  viewer = await t.createUser();
  stranger = await t.createUser();
  shared = (await createAs(t, owner).collection({ name: 'Shared' })).id;
  await createAs(t, owner).privateShare({
    collection_id: shared,
    user_id: viewer.id,
    permission: 4,
  });
});
afterAll(() => t.close());

const star = (user: TestUser, id: number, is_favorite = true) =>
  t.call(postEndpoints.update, { token: user.token, params: { id }, body: { is_favorite } });

const list = async (user: TestUser | string, query: ListQuery) => {
  const res = await t.call(postEndpoints.list, {
    token: typeof user === 'string' ? user : user.token,
    query,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** The favourites of `user`, every page of `size`, as post contents. */
async function favourites(user: TestUser, size = 2, query: ListQuery = {}): Promise<string[]> {
  const seen: string[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await list(user, { ...query, favorites: 'true', limit: size, after_id: after });
    if (page.length === 0) return seen;
    expect(page.every((post) => post.is_favorite)).toBe(true);
    seen.push(...page.map((post) => post.content));
    after = page.at(-1)!.id;
  }
}

const favoriteRows = (postId: number) =>
  t.db
    .selectFrom('favorites')
    .select(['user_id', 'post_id'])
    .where('post_id', '=', postId)
    .orderBy('user_id')
    .execute();

const postRow = (id: number) =>
  t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('starring a post', () => {
  it('stars and unstars for the caller only, leaving the post itself as it was', async () => {
    const post = await createAs(t, owner).post({
      content: '<p>Star me</p>',
      collection_id: shared,
    });
    expect(post.is_favorite).toBe(false);
    const before = await postRow(post.id);
    t.clock.advance(60_000);

    const starred = await star(owner, post.id);
    expect(starred.status, starred.text).toBe(200);
    expect(starred.body.data).toMatchObject({ id: post.id, is_favorite: true });
    expect(starred.body.data.tags).toEqual([]);
    // Twice is the same as once.
    expect((await star(owner, post.id)).status).toBe(200);
    expect(await favoriteRows(post.id)).toEqual([{ user_id: owner.id, post_id: post.id }]);
    expect(await postRow(post.id)).toEqual(before);

    const get = (user: TestUser) =>
      t.call(postEndpoints.get, { token: user.token, params: { id: post.id } });
    expect((await get(owner)).body.data.is_favorite).toBe(true);
    // The viewer's own star is another one.
    expect((await get(viewer)).body.data.is_favorite).toBe(false);
    expect((await star(viewer, post.id)).body.data.is_favorite).toBe(true);
    expect((await star(owner, post.id, false)).body.data.is_favorite).toBe(false);
    expect((await get(owner)).body.data.is_favorite).toBe(false);
    expect((await get(viewer)).body.data.is_favorite).toBe(true);
    expect(await favoriteRows(post.id)).toEqual([{ user_id: viewer.id, post_id: post.id }]);
    expect(await postRow(post.id)).toEqual(before);
  });

  it('lets a viewer star but not edit: with another field the edit permission applies', async () => {
    const post = await createAs(t, owner).post({ content: '<p>Look</p>', collection_id: shared });
    const before = await postRow(post.id);
    const edit = await t.call(postEndpoints.update, {
      token: viewer.token,
      params: { id: post.id },
      body: { is_favorite: true, title: 'Mine now' },
    });
    expect(edit.status).toBe(403);
    expect(edit.error?.code).toBeDefined();
    expect(await favoriteRows(post.id)).toEqual([]);
    expect(await postRow(post.id)).toEqual(before);
    expect((await star(viewer, post.id)).status).toBe(200);
  });

  it('edits and stars in one request for someone who may edit', async () => {
    const post = await createAs(t, owner).post({ content: '<p>Both</p>' });
    const res = await t.call(postEndpoints.update, {
      token: owner.token,
      params: { id: post.id },
      body: { is_favorite: true, title: 'Renamed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Renamed', is_favorite: true });
  });

  it('answers 404 for a post the caller cannot read, and writes nothing', async () => {
    const own = await createAs(t, owner).post({ content: '<p>Private</p>' });
    const res = await star(stranger, own.id);
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('NOT_FOUND');
    expect((await star(viewer, own.id)).status).toBe(404);
    expect((await star(stranger, 999_999)).status).toBe(404);
    expect(await favoriteRows(own.id)).toEqual([]);
  });

  it.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['null', null],
  ])('400 for is_favorite as %s, nothing written', async (_, value) => {
    const post = await createAs(t, owner).post({ content: '<p>Bad</p>' });
    const before = await postRow(post.id);
    // Malformed bodies the contract's types refuse: sent as they are.
    const res = await t.request('PATCH', `/api/posts/${post.id}`, {
      token: owner.token,
      body: { is_favorite: value, title: 'Changed' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION' });
    expect(res.body.error.fields).toHaveProperty('is_favorite');
    expect(await favoriteRows(post.id)).toEqual([]);
    expect(await postRow(post.id)).toEqual(before);
  });

  it('keeps the star of a post deleted for good out of the table (cascade on purge)', async () => {
    const post = await createAs(t, owner).post({ content: '<p>Gone</p>', collection_id: shared });
    await star(owner, post.id);
    await star(viewer, post.id);
    await t.call(postEndpoints.delete, { token: owner.token, params: { id: post.id } });
    // In the recycle bin the stars stay.
    expect(await favoriteRows(post.id)).toHaveLength(2);
    const cleared = await t.call(postEndpoints.clearRecycleBin, {
      token: owner.token,
      query: { is_trashed: '1' },
    });
    expect(cleared.status).toBe(204);
    expect(await favoriteRows(post.id)).toEqual([]);
  });
});

describe('is_favorite on every post the API returns', () => {
  it('in lists (any sort, with or without tags), tag pages, searches and a public share', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const box = (await as.collection({ name: 'Box' })).id;
    const tag = await as.tag('keep');
    const a = await as.post({
      content: '<p>alpha one</p>',
      collection_id: box,
      tag_names: ['keep'],
    });
    const b = await as.post({
      content: '<p>alpha two</p>',
      collection_id: box,
      tag_names: ['keep'],
    });
    await star(user, a.id);
    const flags = (posts: { id: number; is_favorite: boolean }[]) =>
      Object.fromEntries(posts.map((post) => [post.id, post.is_favorite]));
    const expected = { [a.id]: true, [b.id]: false };

    expect(flags(await list(user, { collection_id: box, limit: 20, withTags: 'true' }))).toEqual(
      expected,
    );
    expect(flags(await list(user, { collection_id: box }))).toEqual(expected);
    expect(flags(await list(user, { collection_id: box, sort: 'title' }))).toEqual(expected);
    expect(flags(await list(user, {}))).toEqual(expected);
    expect(flags(await list(user, { tag_id: tag.id }))).toEqual(expected);
    expect(flags(await list(user, { filter: 'alpha' }))).toEqual(expected);
    expect(flags(await list(user, { filter: 'alpha', collection_id: box }))).toEqual(expected);

    const share = await as.publicShare({ collection_id: box });
    const visitor = await list(share.token, { collection_id: box });
    expect(flags(visitor)).toEqual({ [a.id]: false, [b.id]: false });
    // A visitor has no favourites to search or list.
    expect(await list(share.token, { filter: 'is:favorite' })).toEqual([]);
    const listed = await t.call(postEndpoints.list, {
      token: share.token,
      query: { favorites: 'true' },
    });
    expect(listed.status).toBe(403);
  });

  it('for a member reading a shared list: their own stars, not the owner’s', async () => {
    const a = await createAs(t, owner).post({ content: '<p>m1</p>', collection_id: shared });
    const b = await createAs(t, owner).post({ content: '<p>m2</p>', collection_id: shared });
    await star(owner, a.id);
    await star(viewer, b.id);
    const page = await list(viewer, { collection_id: shared, limit: 20, withTags: 'true' });
    expect(page.find((post) => post.id === a.id)?.is_favorite).toBe(false);
    expect(page.find((post) => post.id === b.id)?.is_favorite).toBe(true);
  });
});

describe('the favourites list', () => {
  it('lists the stars of every readable collection, last starred first, page by page', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const work = (await as.collection({ name: 'Work' })).id;
    const home = (await as.collection({ name: 'Home' })).id;
    const shareOwner = await t.createUser();
    const theirs = (await createAs(t, shareOwner).collection({ name: 'Theirs' })).id;
    const below = (await createAs(t, shareOwner).collection({ name: 'Below', parent_id: theirs }))
      .id;
    const share = await createAs(t, shareOwner).privateShare({
      collection_id: theirs,
      user_id: user.id,
      permission: 4,
    });
    const posts = {
      w1: await as.post({ content: 'w1', collection_id: work }),
      h1: await as.post({ content: 'h1', collection_id: home }),
      u1: await as.post({ content: 'u1' }),
      s1: await createAs(t, shareOwner).post({ content: 's1', collection_id: theirs }),
      b1: await createAs(t, shareOwner).post({ content: 'b1', collection_id: below }),
      w2: await as.post({ content: 'w2', collection_id: work }),
    };
    // Starred in this order, a minute apart; w2 and h1 in the same instant (ties by post id).
    for (const name of ['u1', 's1', 'h1', 'w1', 'b1'] as const) {
      t.clock.advance(60_000);
      expect((await star(user, posts[name].id)).status).toBe(200);
    }
    await star(user, posts.w2.id);
    expect(await favourites(user)).toEqual(['w2', 'b1', 'w1', 'h1', 's1', 'u1']);
    expect(await favourites(user, 4)).toEqual(['w2', 'b1', 'w1', 'h1', 's1', 'u1']);
    expect(await favourites(user, 2, { filter: 'w' })).toEqual(['w2', 'w1']);
    const tagged = await list(user, { favorites: 'true', limit: 1, withTags: 'true' });
    expect(tagged[0]).toMatchObject({ content: 'w2', tags: [] });

    // In the recycle bin: left out, starred still; restored: back in its place.
    await t.call(postEndpoints.delete, { token: user.token, params: { id: posts.w1.id } });
    expect(await favourites(user)).toEqual(['w2', 'b1', 'h1', 's1', 'u1']);
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: posts.w1.id },
      body: { is_archived: false },
    });
    expect(await favourites(user)).toEqual(['w2', 'b1', 'w1', 'h1', 's1', 'u1']);

    // Unstarred: gone. Access lost: the shared ones go, their stars stay.
    await star(user, posts.h1.id, false);
    await t.call(shareEndpoints.deletePrivate, {
      token: shareOwner.token,
      params: { id: share.id },
    });
    expect(await favourites(user)).toEqual(['w2', 'w1', 'u1']);
    expect(await favoriteRows(posts.s1.id)).toEqual([{ user_id: user.id, post_id: posts.s1.id }]);
    // Nor does the search find them (results newest first, as every search lists them).
    expect((await list(user, { filter: 'is:favorite' })).map((post) => post.content)).toEqual([
      'w2',
      'u1',
      'w1',
    ]);
  });

  it('400 for a cursor that is not a favourite of the caller, or with another listing', async () => {
    const post = await createAs(t, owner).post({ content: '<p>not starred</p>' });
    const cursor = await t.call(postEndpoints.list, {
      token: owner.token,
      query: { favorites: 'true', limit: 5, after_id: post.id },
    });
    expect(cursor.status).toBe(400);
    expect(cursor.error?.fields).toHaveProperty('after_id');
    const others: ListQuery[] = [
      { collection_id: shared },
      { is_archived: 'true' },
      { tag_id: 1 },
      { sort: 'newest' },
    ];
    for (const query of others) {
      const res = await t.call(postEndpoints.list, {
        token: owner.token,
        query: { favorites: 'true', ...query },
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.error?.fields).toHaveProperty('favorites');
    }
  });
});

describe('is:favorite in search', () => {
  it('combines with words, tags and a collection, and pages like other searches', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const box = (await as.collection({ name: 'Box' })).id;
    const made = [];
    for (let i = 1; i <= 5; i += 1) {
      made.push(
        await as.post({
          content: `<p>gamma ${i}</p>`,
          collection_id: i <= 3 ? box : null,
          tag_names: i % 2 ? ['odd'] : [],
        }),
      );
    }
    await as.post({ content: '<p>delta</p>', collection_id: box });
    for (const post of made.slice(0, 4)) await star(user, post.id);
    // Another user's stars do not count.
    const elsewhere = await createAs(t, stranger).post({ content: '<p>gamma elsewhere</p>' });
    await star(stranger, elsewhere.id);

    const contents = async (query: ListQuery) =>
      (await list(user, query)).map((post) => post.content);
    expect(await contents({ filter: 'gamma is:favorite' })).toEqual([
      '<p>gamma 4</p>',
      '<p>gamma 3</p>',
      '<p>gamma 2</p>',
      '<p>gamma 1</p>',
    ]);
    expect(await contents({ filter: 'is:favorite tag:odd' })).toEqual([
      '<p>gamma 3</p>',
      '<p>gamma 1</p>',
    ]);
    expect(await contents({ filter: 'IS:FAVORITE', collection_id: box })).toEqual([
      '<p>gamma 3</p>',
      '<p>gamma 2</p>',
      '<p>gamma 1</p>',
    ]);
    const first = await list(user, { filter: 'is:favorite', limit: 2 });
    const rest = await list(user, { filter: 'is:favorite', limit: 2, after_id: first[1]!.id });
    expect([...first, ...rest].map((post) => post.content)).toEqual([
      '<p>gamma 4</p>',
      '<p>gamma 3</p>',
      '<p>gamma 2</p>',
      '<p>gamma 1</p>',
    ]);
    expect(first.every((post) => post.is_favorite)).toBe(true);
    // Unknown `is:` values stay text.
    expect(await contents({ filter: 'is:pinned' })).toEqual([]);
  });
});
