import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionEndpoints, type CollectionNode } from '../../../contract/collections.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { asNodes, bareList, withShared } from '../../test/collection-listing.ts';
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

async function countCollections() {
  const rows = await t.db.selectFrom('collections').select('id').execute();
  return rows.length;
}

/** A tree's names, a node with children as `{ name: [children] }`. */
const names = (nodes: CollectionNode[]): unknown =>
  nodes.map((node) => (node.nested.length ? { [node.name]: names(node.nested) } : node.name));

describe('collections as a tree', () => {
  it('lists a three-level tree nested, in sibling order, with the shared ones beside it', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const work = await as.collection({ name: 'Work' });
    const projects = await as.collection({ name: 'Projects', parent_id: work.id });
    await as.collection({ name: 'Nestmark', parent_id: projects.id });
    await as.collection({ name: 'Archive', parent_id: projects.id });
    await as.collection({ name: 'Reading', parent_id: work.id });
    await as.collection({ name: 'Home' });

    const res = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true, withShared: true },
    });
    expect(res.status).toBe(200);
    const { collections, shared_collections } = withShared(res.body.data);
    expect(names(asNodes(collections))).toEqual([
      { Work: [{ Projects: ['Nestmark', 'Archive'] }, 'Reading'] },
      'Home',
    ]);
    expect(shared_collections).toEqual([]);
    expect(collections[0]).toMatchObject({
      name: 'Work',
      parent_id: null,
      icon_id: null,
      user_id: user.id,
      is_being_shared: false,
      local_order: 1,
    });

    const flat = await t.call(collectionEndpoints.list, { token: user.token });
    expect(flat.body.data).toHaveLength(6);
    expect(bareList(flat.body.data)[0]).not.toHaveProperty('nested');
  });

  it('gets one collection, and 404 for another user’s', async () => {
    const mine = await createAs(t, ada).collection({ name: 'Mine' });
    const res = await t.call(collectionEndpoints.get, {
      token: ada.token,
      params: { id: mine.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Mine');

    const foreign = await t.call(collectionEndpoints.get, {
      token: bob.token,
      params: { id: mine.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.code).toBe('NOT_FOUND');
    const list = await t.call(collectionEndpoints.list, { token: bob.token });
    expect(bareList(list.body.data).map((c) => c.id)).not.toContain(mine.id);
  });
});

describe('creating collections: bad input writes nothing', () => {
  it.each([
    ['an empty name', { name: '   ' }],
    ['a name of the wrong type', { name: 5 }],
    ['a parent id of the wrong type', { name: 'x', parent_id: 'one' }],
    ['no body fields', {}],
  ])('400 for %s', async (_, body) => {
    const before = await countCollections();
    // Malformed bodies, most of which the contract's types refuse: sent as they are.
    const res = await t.request('POST', '/api/collections', { token: ada.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(await countCollections()).toBe(before);
  });

  it('404 for an unknown or foreign parent', async () => {
    const foreign = await createAs(t, bob).collection({ name: 'Bob’s' });
    const before = await countCollections();
    for (const parent_id of [foreign.id, 999_999]) {
      const res = await t.call(collectionEndpoints.create, {
        token: ada.token,
        body: { name: 'Sneaky', parent_id },
      });
      expect(res.status).toBe(404);
    }
    expect(await countCollections()).toBe(before);
  });

  it('400 for a non-numeric id and 401 without a token', async () => {
    // A malformed path, sent as it is.
    expect((await t.request('GET', '/api/collections/abc', { token: ada.token })).status).toBe(400);
    expect((await t.call(collectionEndpoints.list)).status).toBe(401);
  });
});

describe('editing and moving collections', () => {
  it('renames and sets an icon', async () => {
    const c = await createAs(t, ada).collection({ name: 'Old' });
    const res = await t.call(collectionEndpoints.update, {
      token: ada.token,
      params: { id: c.id },
      body: { name: 'New', icon_id: 107 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'New', icon_id: 107 });
  });

  it('moves under another parent at a position, and back to the top level', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const a = await as.collection({ name: 'A' });
    const b = await as.collection({ name: 'B' });
    await as.collection({ name: 'B1', parent_id: b.id });
    await as.collection({ name: 'B2', parent_id: b.id });

    const moved = await t.call(collectionEndpoints.update, {
      token: user.token,
      params: { id: a.id },
      body: { parent_id: b.id, local_order: 2 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: b.id, local_order: 2 });
    let tree = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true },
    });
    expect(names(asNodes(bareList(tree.body.data)))).toEqual([{ B: ['B1', 'A', 'B2'] }]);
    expect(bareList(tree.body.data)[0]?.local_order).toBe(1);

    await t.call(collectionEndpoints.update, {
      token: user.token,
      params: { id: a.id },
      body: { is_root: true, local_order: 1 },
    });
    tree = await t.call(collectionEndpoints.list, { token: user.token, query: { nested: true } });
    expect(names(asNodes(bareList(tree.body.data)))).toEqual(['A', { B: ['B1', 'B2'] }]);
  });

  it('refuses to move a collection into itself or a descendant (422) and changes nothing', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const top = await as.collection({ name: 'Top' });
    const child = await as.collection({ name: 'Child', parent_id: top.id });
    const grandchild = await as.collection({
      name: 'Grandchild',
      parent_id: child.id,
    });
    for (const parent_id of [top.id, grandchild.id]) {
      const res = await t.call(collectionEndpoints.update, {
        token: user.token,
        params: { id: top.id },
        body: { parent_id },
      });
      expect(res.status).toBe(422);
      expect(res.error?.code).toBe('UNPROCESSABLE');
    }
    const tree = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true },
    });
    expect(names(asNodes(bareList(tree.body.data)))).toEqual([
      { Top: [{ Child: ['Grandchild'] }] },
    ]);
  });

  it('404 when moving into another user’s collection or editing theirs', async () => {
    const mine = await createAs(t, ada).collection({ name: 'Mine 2' });
    const theirs = await createAs(t, bob).collection({ name: 'Theirs' });
    const into = await t.call(collectionEndpoints.update, {
      token: ada.token,
      params: { id: mine.id },
      body: { parent_id: theirs.id },
    });
    expect(into.status).toBe(404);
    const edit = await t.call(collectionEndpoints.update, {
      token: ada.token,
      params: { id: theirs.id },
      body: { name: 'Hijacked' },
    });
    expect(edit.status).toBe(404);
    const check = await t.call(collectionEndpoints.get, {
      token: bob.token,
      params: { id: theirs.id },
    });
    expect(check.body.data.name).toBe('Theirs');
  });
});

describe('deleting collections', () => {
  async function postIn(user: TestUser, collection_id: number, content: string) {
    const res = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content, collection_id },
    });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  it('with nested=true removes the subtree and sends every post in it to the recycle bin', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const top = await as.collection({ name: 'Top' });
    const child = await as.collection({ name: 'Child', parent_id: top.id });
    const keep = await as.collection({ name: 'Keep' });
    const p1 = await postIn(user, top.id, 'in top');
    const p2 = await postIn(user, child.id, 'in child');
    await postIn(user, keep.id, 'kept');

    const res = await t.call(collectionEndpoints.delete, {
      token: user.token,
      params: { id: top.id },
      query: { nested: true },
    });
    expect(res.status).toBe(204);
    const tree = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true },
    });
    expect(names(asNodes(bareList(tree.body.data)))).toEqual(['Keep']);
    expect(bareList(tree.body.data)[0]?.local_order).toBe(1);
    const bin = await t.call(postEndpoints.list, {
      token: user.token,
      query: { is_archived: true },
    });
    expect(bin.body.data.map((p) => p.id).sort()).toEqual([p1, p2].sort());
  });

  it('without nested moves the children up into the deleted collection’s place', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    await as.collection({ name: 'First' });
    const middle = await as.collection({ name: 'Middle' });
    await as.collection({ name: 'M1', parent_id: middle.id });
    await as.collection({ name: 'M2', parent_id: middle.id });
    await as.collection({ name: 'Last' });
    const post = await postIn(user, middle.id, 'in middle');

    expect(
      (await t.call(collectionEndpoints.delete, { token: user.token, params: { id: middle.id } }))
        .status,
    ).toBe(204);
    const tree = await t.call(collectionEndpoints.list, {
      token: user.token,
      query: { nested: true },
    });
    expect(names(asNodes(bareList(tree.body.data)))).toEqual(['First', 'M1', 'M2', 'Last']);
    expect(bareList(tree.body.data).map((c) => c.local_order)).toEqual([1, 2, 3, 4]);
    const bin = await t.call(postEndpoints.list, {
      token: user.token,
      query: { is_archived: true },
    });
    expect(bin.body.data.map((p) => p.id)).toEqual([post]);
  });

  it('404 for another user’s collection, which stays', async () => {
    const theirs = await createAs(t, bob).collection({ name: 'Not yours' });
    const res = await t.call(collectionEndpoints.delete, {
      token: ada.token,
      params: { id: theirs.id },
    });
    expect(res.status).toBe(404);
    expect(
      (await t.call(collectionEndpoints.get, { token: bob.token, params: { id: theirs.id } }))
        .status,
    ).toBe(200);
  });
});
