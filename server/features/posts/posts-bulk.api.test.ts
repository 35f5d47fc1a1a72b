import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints, BULK_EDIT_MAX } from '../../../contract/posts.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/* Bulk edit, `PATCH /api/posts`: access per post, all or nothing, dense orders, tags. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Posts named `names`, created bottom to top in the list; `get` answers a name's id. */
async function posts(user: TestUser, collection_id: number | null, names: string[]) {
  const ids = new Map<string, number>();
  for (const content of names) {
    ids.set(content, (await createAs(t, user).post({ content, collection_id })).id);
  }
  return {
    get: (name: string) => ids.get(name) ?? expect.unreachable(`no post named ${name}`),
    values: () => ids.values(),
  };
}

/** The live posts of a list, top first, as [content, order]. */
async function orders(user: TestUser, collectionId: number) {
  const res = await t.call(postEndpoints.list, {
    token: user.token,
    query: { collection_id: collectionId },
  });
  expect(res.status).toBe(200);
  return res.body.data.map((post) => [post.content, post.order]);
}

const bulk = (
  user: TestUser | undefined,
  body: EndpointInput<typeof postEndpoints.bulkUpdate>['body'],
) => t.call(postEndpoints.bulkUpdate, { token: user?.token, body });

/** Every post row, to compare before and after a refused edit. */
const snapshot = async () => ({
  posts: await t.db.selectFrom('posts').selectAll().orderBy('id').execute(),
  tags: await t.db.selectFrom('tags').selectAll().orderBy('id').execute(),
  links: await t.db
    .selectFrom('post_tags')
    .selectAll()
    .orderBy('post_id')
    .orderBy('tag_id')
    .execute(),
});

describe('moving posts in bulk', () => {
  it('at once, in both directions between two lists and with new posts on top, leaves every list dense (PostgreSQL writers run at once)', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const left = (await as.collection({ name: 'Left' })).id;
    const right = (await as.collection({ name: 'Right' })).id;
    const lefts = [...(await posts(user, left, ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'])).values()];
    const rights = [...(await posts(user, right, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'])).values()];
    const answers = await Promise.all([
      ...lefts.map((id) => bulk(user, { ids: [id], collection_id: right })),
      ...rights.map((id) => bulk(user, { ids: [id], collection_id: left })),
      ...['n1', 'n2', 'n3', 'n4'].map((content, i) =>
        t.call(postEndpoints.create, {
          token: user.token,
          body: { content, collection_id: i % 2 === 0 ? left : right },
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    for (const list of [left, right]) {
      const listed = await orders(user, list);
      expect(listed).toHaveLength(8);
      expect(listed.map(([, order]) => order)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    }
  });

  it('puts them on top of the target keeping their relative order, and closes the gaps they left', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const from = (await as.collection({ name: 'From' })).id;
    const other = (await as.collection({ name: 'Other' })).id;
    const to = (await as.collection({ name: 'To' })).id;
    const a = await posts(user, from, ['a1', 'a2', 'a3', 'a4', 'a5']);
    const b = await posts(user, other, ['b1', 'b2']);
    await posts(user, to, ['t1', 't2']);

    const res = await bulk(user, {
      ids: [a.get('a2'), a.get('a4'), b.get('b1')],
      collection_id: to,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.ids).toEqual([a.get('a2'), a.get('a4'), b.get('b1')]);
    expect(await orders(user, from)).toEqual([
      ['a5', 3],
      ['a3', 2],
      ['a1', 1],
    ]);
    expect(await orders(user, other)).toEqual([['b2', 1]]);
    // a4 above a2 as before; b1 (order 1) ranks with them by its number.
    expect(await orders(user, to)).toEqual([
      ['a4', 5],
      ['a2', 4],
      ['b1', 3],
      ['t2', 2],
      ['t1', 1],
    ]);

    const back = await bulk(user, { ids: [a.get('a4'), a.get('a2')], is_uncategorized: true });
    expect(back.status).toBe(200);
    expect(await orders(user, 0)).toEqual([
      ['a4', 2],
      ['a2', 1],
    ]);
    expect(await orders(user, to)).toEqual([
      ['b1', 3],
      ['t2', 2],
      ['t1', 1],
    ]);
  });

  it('answers only the posts that changed: one already in the target stays where it is', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const here = (await as.collection({ name: 'Here' })).id;
    const there = (await as.collection({ name: 'There' })).id;
    const h = await posts(user, here, ['h1', 'h2']);
    const th = await posts(user, there, ['x1']);
    const res = await bulk(user, { ids: [th.get('x1'), h.get('h1')], collection_id: there });
    expect(res.body.data.ids).toEqual([h.get('h1')]);
    expect(await orders(user, there)).toEqual([
      ['h1', 2],
      ['x1', 1],
    ]);
  });
});

describe('to the recycle bin and back in bulk', () => {
  it('moves to the recycle bin with dense lists and restores each post into its old place', async () => {
    const user = await t.createUser();
    const c = (await createAs(t, user).collection({ name: 'List' })).id;
    const p = await posts(user, c, ['p1', 'p2', 'p3', 'p4', 'p5']);
    const binned = await bulk(user, { ids: [p.get('p2'), p.get('p4')], is_archived: true });
    expect(binned.status).toBe(200);
    expect(await orders(user, c)).toEqual([
      ['p5', 3],
      ['p3', 2],
      ['p1', 1],
    ]);
    const bin = await t.call(postEndpoints.list, {
      token: user.token,
      query: { is_archived: true },
    });
    expect(bin.body.data.map((post) => post.content).sort()).toEqual(['p2', 'p4']);
    // p5 was deleted on its own later; restoring all three rebuilds the original list.
    t.clock.advance(1000);
    await t.call(postEndpoints.delete, { token: user.token, params: { id: p.get('p5') } });
    const restored = await bulk(user, {
      ids: [p.get('p4'), p.get('p2'), p.get('p5')],
      is_archived: false,
    });
    expect(restored.status).toBe(200);
    expect(await orders(user, c)).toEqual([
      ['p5', 5],
      ['p4', 4],
      ['p3', 3],
      ['p2', 2],
      ['p1', 1],
    ]);
  });

  it('restores and transfers in one edit, on top of the target', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Old' })).id;
    const target = (await as.collection({ name: 'New' })).id;
    const p = await posts(user, c, ['p1', 'p2', 'p3']);
    await posts(user, target, ['n1']);
    await bulk(user, { ids: [p.get('p2')], is_archived: true });
    const res = await bulk(user, { ids: [p.get('p2')], is_archived: false, collection_id: target });
    expect(res.status).toBe(200);
    expect(await orders(user, c)).toEqual([
      ['p3', 2],
      ['p1', 1],
    ]);
    expect(await orders(user, target)).toEqual([
      ['p2', 2],
      ['n1', 1],
    ]);
  });
});

describe('tags in bulk', () => {
  it('adds and removes tags by name, creating the caller’s own on first use', async () => {
    const user = await t.createUser();
    const p = await posts(user, null, ['one', 'two']);
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: p.get('one') },
      body: { tag_names: ['old', 'keep'] },
    });
    const res = await bulk(user, {
      ids: [p.get('one'), p.get('two')],
      add_tag_names: ['New', 'keep'],
      remove_tag_names: ['OLD', 'never-had'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.ids).toEqual([p.get('one'), p.get('two')]);
    const tagsOf = async (name: string) =>
      (
        await t.call(postEndpoints.get, {
          token: user.token,
          params: { id: p.get(name) },
          query: { withTags: true },
        })
      ).body.data.tags?.map((tag) => tag.name);
    expect(await tagsOf('one')).toEqual(['keep', 'New']);
    expect(await tagsOf('two')).toEqual(['keep', 'New']);

    const again = await bulk(user, { ids: [p.get('one'), p.get('two')], add_tag_names: ['new'] });
    expect(again.body.data.ids).toEqual([]);
    const removed = await bulk(user, { ids: [p.get('two')], remove_tag_names: ['keep'] });
    expect(removed.body.data.ids).toEqual([p.get('two')]);
    expect(await tagsOf('two')).toEqual(['New']);
    // The search index follows the tags.
    const found = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter: 'tag:keep' },
    });
    expect(found.body.data.map((post) => post.content)).toEqual(['one']);
  });
});

describe('access per post', () => {
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let shared: number;
  let shareToken: string;

  beforeAll(async () => {
    owner = await t.createUser();
    const asOwner = createAs(t, owner);
    editor = await t.createUser();
    viewer = await t.createUser();
    stranger = await t.createUser();
    shared = (await asOwner.collection({ name: 'Shared' })).id;
    await asOwner.privateShare({
      collection_id: shared,
      user_id: editor.id,
      permission: 7,
    });
    await asOwner.privateShare({
      collection_id: shared,
      user_id: viewer.id,
      permission: 4,
    });
    shareToken = (await asOwner.publicShare({ collection_id: shared })).token;
    await asOwner.tag('seen');
  });

  const cases: [string, () => TestUser | undefined, number][] = [
    ['the owner', () => owner, 200],
    ['a member with write access', () => editor, 200],
    ['a read-only member', () => viewer, 403],
    ['a stranger', () => stranger, 404],
    ['anonymous', () => undefined, 401],
  ];
  it.each(cases)('%s → %i', async (_, who, status) => {
    const p = await posts(owner, shared, ['s1', 's2']);
    const ids = [...p.values()];
    const before = await snapshot();
    for (const body of [
      { ids, add_tag_names: ['seen'] },
      { ids, is_archived: true },
    ]) {
      const res = await bulk(who(), body);
      expect(res.status, res.text).toBe(status);
      if (status !== 200) expect(await snapshot()).toEqual(before);
    }
  });

  it('401 for a share token, which only reads', async () => {
    const p = await posts(owner, shared, ['t1']);
    const res = await t.call(postEndpoints.bulkUpdate, {
      token: shareToken,
      body: { ids: [...p.values()], is_archived: true },
    });
    expect(res.status).toBe(401);
  });

  it('changes nothing when one post of many is forbidden or unknown', async () => {
    const mine = (await createAs(t, editor).collection({ name: 'Editor’s' })).id;
    const own = await posts(editor, mine, ['e1', 'e2']);
    const others = await posts(owner, shared, ['o1']);
    const foreign = (await posts(stranger, null, ['x'])).get('x');
    await createAs(t, owner).tag('both');
    const before = await snapshot();

    const viewerEdit = await bulk(viewer, { ids: [...others.values()], is_archived: true });
    expect(viewerEdit.status).toBe(403);
    for (const [ids, status] of [
      [[own.get('e1'), own.get('e2'), foreign], 404],
      [[own.get('e1'), 999_999_999], 404],
    ] as const) {
      const res = await bulk(editor, { ids: [...ids], is_archived: true, add_tag_names: ['both'] });
      expect(res.status).toBe(status);
      expect(res.error?.message).toContain(String(ids.at(-1)));
    }
    const mixed = await bulk(editor, {
      ids: [own.get('e1'), others.get('o1')],
      collection_id: mine,
    });
    expect(mixed.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input gets a 400 and writes nothing', () => {
  it.each([
    [
      '1,001 ids',
      () => ({
        ids: Array.from({ length: BULK_EDIT_MAX + 1 }, (_, i) => i + 1),
        is_archived: true,
      }),
      'ids',
    ],
    ['no ids', () => ({ ids: [], is_archived: true }), 'ids'],
    ['a repeated id', () => ({ ids: [1, 1], is_archived: true }), 'ids'],
    ['ids that are not positive integers', () => ({ ids: [0, 'x'], is_archived: true }), 'ids.0'],
    ['no change at all', () => ({ ids: [1] }), 'body'],
    [
      'a tag name both to add and to remove',
      () => ({ ids: [1], add_tag_names: ['a'], remove_tag_names: ['A'] }),
      'add_tag_names',
    ],
  ])('%s', async (_, body, field) => {
    const user = await t.createUser();
    const before = await snapshot();
    const res = await bulk(user, body());
    expect(res.status, res.text).toBe(400);
    expect(res.error?.code).toBe('VALIDATION');
    expect(res.error?.fields?.[field]).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });
});
