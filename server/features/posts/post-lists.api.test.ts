import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints, postSorts, type Post } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * GET /api/posts beyond one list in manual order: withDescendants without a search, offset,
 * the recycle bin of one list, a tag page, sorts with keyset paging; and `tag_names: null` on
 * writes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ListQuery = EndpointInput<typeof postEndpoints.list>['query'];

function get(token: string | undefined, query: ListQuery) {
  return t.call(postEndpoints.list, { token, query });
}

async function list(user: TestUser, query: ListQuery): Promise<Post[]> {
  const res = await get(user.token, query);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Every page of a listing, `size` at a time, following after_id. */
async function allPages(user: TestUser, query: ListQuery, size: number): Promise<Post[]> {
  const seen: Post[] = [];
  for (;;) {
    const page = await list(user, { ...query, limit: size, after_id: seen.at(-1)?.id });
    seen.push(...page);
    if (page.length < size) return seen;
  }
}

const contents = (posts: Post[]) => posts.map((p) => p.content);

describe('withDescendants without a search', () => {
  it('lists the collection and every collection below it, newest first, paged by after_id', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    const root = (await asOwner.collection({ name: 'Root' })).id;
    const middle = (await asOwner.collection({ name: 'Middle', parent_id: root })).id;
    const bottom = (await asOwner.collection({ name: 'Bottom', parent_id: middle })).id;
    const aside = (await asOwner.collection({ name: 'Aside' })).id;
    for (const [content, collection_id] of [
      ['r1', root],
      ['m1', middle],
      ['b1', bottom],
      ['x1', aside],
      ['m2', middle],
      ['r2', root],
    ] as const) {
      await asOwner.post({ content, collection_id });
      t.clock.advance(1000);
    }
    const gone = await asOwner.post({ content: 'gone', collection_id: bottom });
    await t.call(postEndpoints.delete, { token: owner.token, params: { id: gone.id } });

    const expected = ['r2', 'm2', 'b1', 'm1', 'r1'];
    expect(contents(await list(owner, { collection_id: root, withDescendants: true }))).toEqual(
      expected,
    );
    expect(
      contents(await allPages(owner, { collection_id: root, withDescendants: '1' }, 2)),
    ).toEqual(expected);
    // Without it, the collection alone in its order.
    expect(contents(await list(owner, { collection_id: root }))).toEqual(['r2', 'r1']);

    await asOwner.privateShare({ collection_id: middle, user_id: member.id });
    expect(contents(await list(member, { collection_id: middle, withDescendants: true }))).toEqual([
      'm2',
      'b1',
      'm1',
    ]);
    const refused = await get(member.token, { collection_id: root, withDescendants: true });
    expect(refused.status).toBe(404);
    const elsewhere = await asOwner.post({ content: 'elsewhere', collection_id: aside });
    const badCursor = await get(owner.token, {
      collection_id: root,
      withDescendants: true,
      after_id: elsewhere.id,
    });
    expect(badCursor.status).toBe(400);
  });

  it('opens sub-collections to a share token only when the share does', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const top = (await asOwner.collection({ name: 'Top' })).id;
    const below = (await asOwner.collection({ name: 'Below', parent_id: top })).id;
    await asOwner.post({ content: 'top', collection_id: top });
    await asOwner.post({ content: 'below', collection_id: below });
    const made = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: top },
    });
    const closed = made.body.data.token;
    const query = { collection_id: top, withDescendants: true };
    expect(contents((await get(closed, query)).body.data)).toEqual(['top']);
    const share = await t.call(shareEndpoints.listPublic, { token: owner.token });
    const id = share.body.data.find((s) => s.token === closed)!.id;
    await t.call(shareEndpoints.updatePublic, {
      token: owner.token,
      params: { id },
      body: { include_descendants: true },
    });
    expect(contents((await get(closed, query)).body.data).sort()).toEqual(['below', 'top']);
  });
});

describe('offset', () => {
  it('skips n posts with a limit, and refuses offset with after_id or without a limit', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const c = (await as.collection({ name: 'Four' })).id;
    const made: Post[] = [];
    for (const content of ['p1', 'p2', 'p3', 'p4']) {
      made.push(await as.post({ content, collection_id: c }));
    }
    const page = await list(user, { collection_id: c, offset: 2, limit: 2 });
    expect(page.map((p) => [p.content, p.order])).toEqual([
      ['p2', 2],
      ['p1', 1],
    ]);
    expect(await list(user, { collection_id: c, offset: 4, limit: 2 })).toEqual([]);
    expect(contents(await list(user, { collection_id: c, offset: 0 }))).toEqual([
      'p4',
      'p3',
      'p2',
      'p1',
    ]);
    // Each refused on `offset`: with a cursor, without a limit, negative.
    for (const query of [
      { collection_id: c, offset: 1, limit: 2, after_id: made[3]!.id },
      { collection_id: c, offset: 1 },
      { collection_id: c, offset: -1, limit: 2 },
    ]) {
      const res = await get(user.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.error?.fields?.offset, JSON.stringify(query)).toBeDefined();
    }
  });
});

describe('the recycle bin of one list', () => {
  it('lists the posts deleted from that collection (or Uncategorized), last deleted first', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const viewer = await t.createUser();
    const stranger = await t.createUser();
    const one = (await asOwner.collection({ name: 'One' })).id;
    const two = (await asOwner.collection({ name: 'Two' })).id;
    const moveToRecycleBin = async (content: string, collection_id: number | null) => {
      const p = await asOwner.post({ content, collection_id });
      t.clock.advance(1000);
      await t.call(postEndpoints.delete, { token: owner.token, params: { id: p.id } });
    };
    await moveToRecycleBin('one-a', one);
    await moveToRecycleBin('two-a', two);
    await moveToRecycleBin('loose', null);
    await moveToRecycleBin('one-b', one);
    await asOwner.post({ content: 'one-live', collection_id: one });

    expect(contents(await list(owner, { is_archived: true, collection_id: one }))).toEqual([
      'one-b',
      'one-a',
    ]);
    expect(contents(await allPages(owner, { is_archived: true, collection_id: one }, 1))).toEqual([
      'one-b',
      'one-a',
    ]);
    expect(contents(await list(owner, { is_archived: true, collection_id: 0 }))).toEqual(['loose']);
    expect(contents(await list(owner, { is_archived: true }))).toEqual([
      'one-b',
      'loose',
      'two-a',
      'one-a',
    ]);

    await asOwner.privateShare({
      collection_id: one,
      user_id: viewer.id,
      permission: 4,
    });
    expect(contents(await list(viewer, { is_archived: true, collection_id: one }))).toEqual([
      'one-b',
      'one-a',
    ]);
    expect((await get(stranger.token, { is_archived: true, collection_id: one })).status).toBe(404);
  });
});

describe('a tag page', () => {
  it('lists the live posts carrying the tag, newest first, paged by after_id; 400 for a cursor that is not one of them', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const stranger = await t.createUser();
    const one = (await asOwner.collection({ name: 'One' })).id;
    const two = (await asOwner.collection({ name: 'Two' })).id;
    const tagged = (content: string, collection_id: number | null) =>
      asOwner.post({ content, collection_id, tag_names: ['Reading'] });
    const first = await tagged('t1', one);
    t.clock.advance(1000);
    await asOwner.post({ content: 'untagged', collection_id: one, tag_names: ['Other'] });
    await tagged('t2', two);
    t.clock.advance(1000);
    // Two posts created at the same moment: the later id comes first.
    await tagged('t3', null);
    await tagged('t4', one);
    t.clock.advance(1000);
    const binned = await tagged('binned', two);
    await t.call(postEndpoints.delete, { token: owner.token, params: { id: binned.id } });
    await tagged('t5', two);
    const tagId = first.tags![0]!.id;

    const expected = ['t5', 't4', 't3', 't2', 't1'];
    expect(contents(await list(owner, { tag_id: tagId }))).toEqual(expected);
    for (const size of [1, 2, 3]) {
      expect(contents(await allPages(owner, { tag_id: tagId }, size))).toEqual(expected);
    }

    const untagged = (await list(owner, { collection_id: one })).find(
      (post) => post.content === 'untagged',
    )!;
    const theirs = await createAs(t, stranger).post({ content: 'theirs', tag_names: ['Reading'] });
    for (const cursor of [untagged, binned, theirs]) {
      const res = await get(owner.token, { tag_id: tagId, limit: 2, after_id: cursor.id });
      expect(res.status, cursor.content).toBe(400);
      expect(res.error?.fields?.after_id).toEqual(['is not a post of this list']);
    }
  });
});

describe('tag_names: null', () => {
  it('means no tags given on create and update', async () => {
    const user = await t.createUser();
    const made = await createAs(t, user).post({ content: 'x', tag_names: null });
    expect(made.tags).toEqual([]);
    await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: made.id },
      body: { tag_names: ['kept'] },
    });
    const res = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: made.id },
      body: { title: 'Renamed', tag_names: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Renamed', tags: [{ name: 'kept' }] });
  });
});

describe('sort', () => {
  let user: TestUser;
  let c: number;
  const names = new Map<number, string>();

  beforeAll(async () => {
    user = await t.createUser();
    const as = createAs(t, user);
    c = (await as.collection({ name: 'Sorted' })).id;
    // [name, content, title]; posts made in the same step share their creation time.
    const steps: [string, string, string | null][][] = [
      [
        ['pear', 'https://b.example/pear', 'Pear'],
        ['apple', 'https://a.example/apple', 'apple'],
      ],
      [
        ['Apple', 'https://c.example/x', 'Apple'],
        ['note', 'a note', null],
      ],
      [['memo', 'another note', null]],
      [
        ['fig', 'https://a.example/fig', 'fig'],
        ['kiwi', 'https://b.example/kiwi', 'Kiwi'],
      ],
    ];
    for (const step of steps) {
      for (const [name, content, title] of step) {
        const made = await as.post({ content, title, collection_id: c });
        names.set(made.id, name);
      }
      t.clock.advance(60_000);
    }
  });

  const expected: Record<(typeof postSorts)[number], string[]> = {
    manual: ['kiwi', 'fig', 'memo', 'note', 'Apple', 'apple', 'pear'],
    newest: ['kiwi', 'fig', 'memo', 'note', 'Apple', 'apple', 'pear'],
    oldest: ['pear', 'apple', 'Apple', 'note', 'memo', 'fig', 'kiwi'],
    // Ties ignoring case by id; untitled last, by id.
    title: ['apple', 'Apple', 'fig', 'kiwi', 'pear', 'note', 'memo'],
    // a.example (apple, fig), b.example (pear, kiwi), c.example; text posts last, by id.
    domain: ['apple', 'fig', 'pear', 'kiwi', 'Apple', 'note', 'memo'],
  };

  it.each(postSorts)('%s: in order, and every post exactly once across pages', async (sort) => {
    const named = (posts: Post[]) => posts.map((p) => names.get(p.id));
    expect(named(await list(user, { collection_id: c, sort }))).toEqual(expected[sort]);
    for (const size of [1, 2, 3]) {
      expect(named(await allPages(user, { collection_id: c, sort }, size))).toEqual(expected[sort]);
    }
    expect(named(await list(user, { collection_id: c, sort, offset: 5, limit: 5 }))).toEqual(
      expected[sort].slice(5),
    );
  });

  it('sorts Uncategorized too', async () => {
    const other = await t.createUser();
    const asOther = createAs(t, other);
    await asOther.post({ content: 'https://y.example', title: 'Yak' });
    await asOther.post({ content: 'https://z.example', title: 'zebra' });
    expect(contents(await list(other, { collection_id: 0 }))).toEqual([
      'https://z.example',
      'https://y.example',
    ]);
    expect(contents(await list(other, { collection_id: 0, sort: 'title' }))).toEqual([
      'https://y.example',
      'https://z.example',
    ]);
  });

  it('400 for an unknown sort, or a sort of a listing that is not one list', async () => {
    // Not a sort of the contract: sent as raw text.
    const unknown = await t.request('GET', `/api/posts?collection_id=${c}&sort=random`, {
      token: user.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.sort).toBeDefined();
    for (const query of [
      { sort: 'title' },
      { is_archived: true, sort: 'newest' },
      { collection_id: c, withDescendants: true, sort: 'title' },
    ] satisfies ListQuery[]) {
      const res = await get(user.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.error?.fields?.sort, JSON.stringify(query)).toBeDefined();
    }
  });
});

describe('a page of one collection', () => {
  it('shows the posts to their owner and to a member, an empty page for an empty collection, 404 to others', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    const stranger = await t.createUser();
    const shared = (await asOwner.collection({ name: 'Shared' })).id;
    const empty = (await asOwner.collection({ name: 'Empty' })).id;
    await asOwner.post({ content: 'first', collection_id: shared });
    await asOwner.post({ content: 'second', collection_id: shared });
    await asOwner.privateShare({ collection_id: shared, user_id: member.id });

    const query = { collection_id: shared, limit: 20, withTags: true };
    expect(contents(await list(owner, query))).toEqual(['second', 'first']);
    expect(await list(member, query)).toEqual(await list(owner, query));
    expect(await list(owner, { collection_id: empty, limit: 20 })).toEqual([]);
    for (const id of [shared, empty]) {
      const res = await get(stranger.token, { collection_id: id, limit: 20 });
      expect(res.status).toBe(404);
      expect(res.error?.code).toBe('NOT_FOUND');
    }
    expect((await get(owner.token, { collection_id: 999999, limit: 20 })).status).toBe(404);
  });
});
