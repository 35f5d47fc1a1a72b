import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints, type Post } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createUser();
  bob = await t.createUser();
});
afterAll(() => t.close());

async function list(
  user: TestUser,
  query: EndpointInput<typeof postEndpoints.list>['query'],
): Promise<Post[]> {
  const res = await t.call(postEndpoints.list, { token: user.token, query });
  expect(res.status).toBe(200);
  return res.body.data;
}

const summary = (posts: Post[]) => posts.map((p) => [p.content, p.order]);

async function postCount() {
  return (await t.db.selectFrom('posts').select('id').execute()).length;
}

describe('creating and listing posts', () => {
  it('puts each new post on top of its collection', async () => {
    const asAda = createAs(t, ada);
    const c = (await asAda.collection({ name: 'Inbox' })).id;
    await asAda.post({ content: 'first', collection_id: c });
    await asAda.post({ content: 'second', collection_id: c });
    const third = await asAda.post({
      content: '<p>third</p>',
      title: ' Third ',
      collection_id: c,
    });
    expect(third).toMatchObject({ type: 'text', title: 'Third', collection_id: c, order: 3 });
    expect(summary(await list(ada, { collection_id: c }))).toEqual([
      ['<p>third</p>', 3],
      ['second', 2],
      ['first', 1],
    ]);
  });

  it('makes content that is a single URL a link post titled by its URL, its preview due', async () => {
    const asAda = createAs(t, ada);
    const post = await asAda.post({ content: 'https://example.com/page?a=1&b=2' });
    expect(post).toMatchObject({
      type: 'link',
      url: 'https://example.com/page?a=1&b=2',
      base_url: 'https://example.com',
      title: 'https://example.com/page?a=1&b=2',
      preview_status: 'pending',
    });
    const note = await asAda.post({ content: 'just words' });
    expect(note.preview_status).toBeNull();
  });

  it('sanitizes content on write', async () => {
    const post = await createAs(t, ada).post({
      content: '<p onclick="x()">hi<script>alert(1)</script></p>',
    });
    expect(post.content).toBe('<p>hi</p>');
  });

  it('keeps Uncategorized posts per user: is_uncategorized, collection_id 0 and none all mean it', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    await as.post({ content: 'a', is_uncategorized: true });
    await as.post({ content: 'b', collection_id: 0 });
    await as.post({ content: 'c', collection_id: null, is_uncategorized: 1 });
    await as.post({ content: 'd' });
    await createAs(t, bob).post({ content: 'bob’s', is_uncategorized: true });
    const expected = [
      ['d', 4],
      ['c', 3],
      ['b', 2],
      ['a', 1],
    ];
    expect(summary(await list(user, { is_uncategorized: true }))).toEqual(expected);
    expect(summary(await list(user, { collection_id: 0 }))).toEqual(expected);
    expect((await list(user, { collection_id: 0 })).every((p) => p.collection_id === null)).toBe(
      true,
    );
  });

  it('lists all of the caller’s posts newest first without a collection', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Inbox' })).id;
    await as.post({ content: 'one', collection_id: c });
    t.clock.advance(1000);
    await as.post({ content: 'two' });
    t.clock.advance(1000);
    await as.post({ content: 'three', collection_id: c });
    expect((await list(user, {})).map((p) => p.content)).toEqual(['three', 'two', 'one']);
  });

  it('pages with after_id and limit, and 400 for a cursor from another list', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Inbox' })).id;
    for (const content of ['1', '2', '3', '4', '5']) await as.post({ content, collection_id: c });
    const first = await list(user, { collection_id: c, limit: 2 });
    expect(first.map((p) => p.content)).toEqual(['5', '4']);
    const second = await list(user, { collection_id: c, limit: 2, after_id: first[1]!.id });
    expect(second.map((p) => p.content)).toEqual(['3', '2']);
    const last = await list(user, { collection_id: c, limit: 2, after_id: second[1]!.id });
    expect(last.map((p) => p.content)).toEqual(['1']);
    expect(await list(user, { collection_id: c, limit: 2, after_id: last[0]!.id })).toEqual([]);
    expect((await list(user, { collection_id: c, limit: 0 })).length).toBe(5);

    const elsewhere = await as.post({ content: 'elsewhere' });
    const res = await t.call(postEndpoints.list, {
      token: user.token,
      query: { collection_id: c, after_id: elsewhere.id },
    });
    expect(res.status).toBe(400);
  });
});

describe('tags', () => {
  it('creates tags on first use and reuses them ignoring case', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const one = await as.post({ content: 'x', tag_names: ['News', 'tea time'] });
    expect(one.tags!.map((tag) => tag.name)).toEqual(['News', 'tea time']);
    const two = await as.post({ content: 'y', tag_names: ['news', ' NEWS '] });
    expect(two.tags).toEqual([one.tags!.find((tag) => tag.name === 'News')]);

    const tags = await t.call(tagEndpoints.list, { token: user.token });
    expect(tags.body.data.map((tag) => tag.name)).toEqual(['News', 'tea time']);
    const withTags = await list(user, { collection_id: 0, withTags: true });
    expect(withTags.map((p) => p.tags!.length)).toEqual([1, 2]);
  });

  it('replaces the tag set on update, and other users do not share tags', async () => {
    const user = await t.createUser();
    const post = await createAs(t, user).post({ content: 'x', tag_names: ['a', 'b'] });
    const res = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: post.id },
      body: { tag_names: ['b', 'c'] },
    });
    expect(res.body.data.tags?.map((tag) => tag.name)).toEqual(['b', 'c']);
    const bobTags = await t.call(tagEndpoints.list, { token: bob.token });
    expect(bobTags.body.data.map((tag) => tag.name)).not.toContain('c');
  });
});

describe('updating posts', () => {
  it('edits content and title and re-types the post', async () => {
    const post = await createAs(t, ada).post({ content: 'a note', title: 'Note' });
    const res = await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id: post.id },
      body: { content: 'https://nestmark.example/x', title: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'link',
      url: 'https://nestmark.example/x',
      title: 'https://nestmark.example/x',
    });
  });

  it('transfers a post on top of another collection and closes the gap behind it', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const from = (await as.collection({ name: 'From' })).id;
    const to = (await as.collection({ name: 'To' })).id;
    const p1 = await as.post({ content: 'p1', collection_id: from });
    const p2 = await as.post({ content: 'p2', collection_id: from });
    await as.post({ content: 'p3', collection_id: from });
    await as.post({ content: 'q1', collection_id: to });
    const res = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: p1.id },
      body: { collection_id: to },
    });
    expect(res.body.data).toMatchObject({ collection_id: to, order: 2 });
    expect(summary(await list(user, { collection_id: from }))).toEqual([
      ['p3', 2],
      ['p2', 1],
    ]);
    expect(summary(await list(user, { collection_id: to }))).toEqual([
      ['p1', 2],
      ['q1', 1],
    ]);
    // To Uncategorized with collection_id 0 (PRODUCT.md#transfer).
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: p2.id },
      body: { collection_id: 0 },
    });
    expect(summary(await list(user, { collection_id: 0 }))).toEqual([['p2', 1]]);
    expect(summary(await list(user, { collection_id: from }))).toEqual([['p3', 1]]);
  });

  it('reorders within a collection, renumbering the posts between (clamped to the top)', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Inbox' })).id;
    const posts: Post[] = [];
    for (const content of ['p1', 'p2', 'p3', 'p4'])
      posts.push(await as.post({ content, collection_id: c }));
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: posts[0]!.id },
      body: { order: 3 },
    });
    expect(summary(await list(user, { collection_id: c }))).toEqual([
      ['p4', 4],
      ['p1', 3],
      ['p3', 2],
      ['p2', 1],
    ]);
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: posts[3]!.id },
      body: { order: 1 },
    });
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: posts[2]!.id },
      body: { order: 99 },
    });
    expect(summary(await list(user, { collection_id: c }))).toEqual([
      ['p3', 4],
      ['p1', 3],
      ['p2', 2],
      ['p4', 1],
    ]);
  });
});

describe('the full order of a collection through a post’s life (PRODUCT.md#posts-order)', () => {
  it('create, move up, move down, delete, restore and transfer keep every order dense', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Ordered' })).id;
    const elsewhere = (await as.collection({ name: 'Elsewhere' })).id;
    const ids = new Map<string, number>();
    for (const content of ['a', 'b', 'c', 'd', 'e']) {
      ids.set(content, (await as.post({ content, collection_id: c })).id);
    }
    const orders = async (id = c) => summary(await list(user, { collection_id: id }));
    const patch = async (
      name: string,
      body: EndpointInput<typeof postEndpoints.update>['body'],
    ) => {
      const res = await t.call(postEndpoints.update, {
        token: user.token,
        params: { id: ids.get(name)! },
        body,
      });
      expect(res.status, res.text).toBe(200);
    };

    // Create: each new post on top.
    expect(await orders()).toEqual([
      ['e', 5],
      ['d', 4],
      ['c', 3],
      ['b', 2],
      ['a', 1],
    ]);
    // Move up: b from the fourth place to the second (the web sends order + index difference).
    await patch('b', { order: 2 + 2 });
    expect(await orders()).toEqual([
      ['e', 5],
      ['b', 4],
      ['d', 3],
      ['c', 2],
      ['a', 1],
    ]);
    // Move down: e from the top to the bottom.
    await patch('e', { order: 5 - 4 });
    expect(await orders()).toEqual([
      ['b', 5],
      ['d', 4],
      ['c', 3],
      ['a', 2],
      ['e', 1],
    ]);
    // Delete: the gap closes.
    await t.call(postEndpoints.delete, { token: user.token, params: { id: ids.get('d')! } });
    expect(await orders()).toEqual([
      ['b', 4],
      ['c', 3],
      ['a', 2],
      ['e', 1],
    ]);
    // Restore: back to its old place.
    await patch('d', { is_archived: false });
    expect(await orders()).toEqual([
      ['b', 5],
      ['d', 4],
      ['c', 3],
      ['a', 2],
      ['e', 1],
    ]);
    // Transfer: on top of the other collection, the gap behind it closed.
    await as.post({ content: 'x', collection_id: elsewhere });
    await patch('c', { collection_id: elsewhere });
    expect(await orders()).toEqual([
      ['b', 4],
      ['d', 3],
      ['a', 2],
      ['e', 1],
    ]);
    expect(await orders(elsewhere)).toEqual([
      ['c', 2],
      ['x', 1],
    ]);
  });
});

describe('the recycle bin', () => {
  it('DELETE moves a post there; the list stays dense; restore brings it back to its place', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Inbox' })).id;
    const posts: Post[] = [];
    for (const content of ['p1', 'p2', 'p3', 'p4'])
      posts.push(await as.post({ content, collection_id: c }));

    expect(
      (await t.call(postEndpoints.delete, { token: user.token, params: { id: posts[1]!.id } }))
        .status,
    ).toBe(204);
    expect(summary(await list(user, { collection_id: c }))).toEqual([
      ['p4', 3],
      ['p3', 2],
      ['p1', 1],
    ]);
    const bin = await list(user, { is_archived: true });
    expect(bin.map((p) => [p.content, p.is_archived])).toEqual([['p2', true]]);
    expect(
      (await t.call(postEndpoints.get, { token: user.token, params: { id: posts[1]!.id } })).status,
    ).toBe(404);
    expect(
      (await t.call(postEndpoints.delete, { token: user.token, params: { id: posts[1]!.id } }))
        .status,
    ).toBe(404);

    const restored = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: posts[1]!.id },
      body: { is_archived: false },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.is_archived).toBe(false);
    expect(summary(await list(user, { collection_id: c }))).toEqual([
      ['p4', 4],
      ['p3', 3],
      ['p2', 2],
      ['p1', 1],
    ]);
    expect(await list(user, { is_archived: true })).toEqual([]);
  });

  it('lists the last deleted first, and only the caller’s', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const a = await as.post({ content: 'a' });
    const b = await as.post({ content: 'b' });
    await t.call(postEndpoints.delete, { token: user.token, params: { id: b.id } });
    t.clock.advance(1000);
    await t.call(postEndpoints.delete, { token: user.token, params: { id: a.id } });
    expect((await list(user, { is_archived: true })).map((p) => p.content)).toEqual(['a', 'b']);
    expect((await list(bob, { is_archived: true })).map((p) => p.id)).not.toContain(a.id);
  });
});

describe('isolation between users', () => {
  it('never shows one user’s posts or collections to another (404)', async () => {
    const asAda = createAs(t, ada);
    const c = (await asAda.collection({ name: 'Private' })).id;
    const post = await asAda.post({ content: 'secret', collection_id: c });
    const uncategorized = await asAda.post({ content: 'also secret' });

    for (const id of [post.id, uncategorized.id]) {
      expect((await t.call(postEndpoints.get, { token: bob.token, params: { id } })).status).toBe(
        404,
      );
      const patch = await t.call(postEndpoints.update, {
        token: bob.token,
        params: { id },
        body: { content: 'mine now' },
      });
      expect(patch.status).toBe(404);
      expect(
        (await t.call(postEndpoints.delete, { token: bob.token, params: { id } })).status,
      ).toBe(404);
    }
    expect(
      (await t.call(postEndpoints.list, { token: bob.token, query: { collection_id: c } })).status,
    ).toBe(404);
    const bobs = [...(await list(bob, {})), ...(await list(bob, { collection_id: 0 }))];
    expect(bobs.map((p) => p.content)).not.toContain('secret');
    const still = await t.call(postEndpoints.get, {
      token: ada.token,
      params: { id: post.id },
      query: { withTags: true },
    });
    expect(still.body.data).toMatchObject({ content: 'secret', tags: [] });
  });
});

describe('bad input gets a 4xx JSON error and writes nothing', () => {
  it.each([
    ['missing content', { title: 'x' }],
    ['blank content', { content: '   ' }],
    ['content of the wrong type', { content: 42 }],
    ['a collection id of the wrong type', { content: 'x', collection_id: 'seven' }],
    ['a negative collection id', { content: 'x', collection_id: -3 }],
    ['tag names that are not strings', { content: 'x', tag_names: [1, 2] }],
    ['an empty tag name', { content: 'x', tag_names: [''] }],
  ])('400 for %s', async (_, body) => {
    const before = await postCount();
    // Malformed bodies, most of which the contract's types refuse: sent as they are.
    const res = await t.request('POST', '/api/posts', { token: ada.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys(res.body.error.fields).length).toBeGreaterThan(0);
    expect(await postCount()).toBe(before);
  });

  it('404 for an unknown or foreign collection_id', async () => {
    const foreign = (await createAs(t, bob).collection({ name: 'Bob’s' })).id;
    const before = await postCount();
    for (const collection_id of [999_999, foreign]) {
      const res = await t.call(postEndpoints.create, {
        token: ada.token,
        body: { content: 'x', collection_id, tag_names: ['should-not-exist'] },
      });
      expect(res.status).toBe(404);
      expect(res.error?.code).toBe('NOT_FOUND');
    }
    expect(await postCount()).toBe(before);
    const tags = await t.call(tagEndpoints.list, { token: ada.token });
    expect(tags.body.data.map((tag) => tag.name)).not.toContain('should-not-exist');
  });

  it('404 when transferring into a foreign collection, leaving the post where it was', async () => {
    const foreign = (await createAs(t, bob).collection({ name: 'Bob’s other' })).id;
    const post = await createAs(t, ada).post({ content: 'stay', tag_names: ['keep'] });
    const res = await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id: post.id },
      body: { collection_id: foreign, tag_names: [] },
    });
    expect(res.status).toBe(404);
    const after = await t.call(postEndpoints.get, {
      token: ada.token,
      params: { id: post.id },
      query: { withTags: true },
    });
    expect(after.body.data).toMatchObject({ collection_id: null, tags: [{ name: 'keep' }] });
  });

  it('400 for a non-numeric id, malformed JSON and bad query values', async () => {
    // Malformed on purpose, so written as raw requests.
    expect((await t.request('GET', '/api/posts/abc', { token: ada.token })).status).toBe(400);
    expect(
      (await t.request('PATCH', '/api/posts/1.5', { token: ada.token, body: {} })).status,
    ).toBe(400);
    const before = await postCount();
    const malformed = await t.request('POST', '/api/posts', {
      token: ada.token,
      payload: '{"content": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION');
    expect(await postCount()).toBe(before);
    for (const query of ['limit=-1', 'limit=ten', 'withTags=maybe', 'collection_id=x']) {
      const res = await t.request('GET', `/api/posts?${query}`, { token: ada.token });
      expect(res.status, query).toBe(400);
    }
  });

  it('401 without a token, before reading the body', async () => {
    const before = await postCount();
    const res = await t.call(postEndpoints.create, { body: { content: 'x' } });
    expect(res.status).toBe(401);
    expect(await postCount()).toBe(before);
  });
});
