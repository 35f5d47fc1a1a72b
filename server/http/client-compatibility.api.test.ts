import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import { collectionEndpoints } from '../../contract/collections.ts';
import { healthEndpoints } from '../../contract/health.ts';
import { postEndpoints } from '../../contract/posts.ts';
import { shareEndpoints } from '../../contract/shares.ts';
import { tagEndpoints } from '../../contract/tags.ts';
import { userEndpoints } from '../../contract/users.ts';
import { createAs } from '../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/*
 * What existing clients of the original API send (docs/API.md, request input): a trailing slash
 * is the same route, and ids in JSON bodies may come as decimal digits in a string.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  member = await t.createUser();
  admin = await t.createUser({ permission: 255 });
});
afterAll(() => t.close());

/** A body with its timings (health's database latency) set to 0: they differ between answers. */
const untimed = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body), (key, value: unknown) => (key === 'latency_ms' ? 0 : value));

// The trailing slash is what these send on purpose: t.call writes the contract's path without it.
describe('a trailing slash', () => {
  it.each(
    [
      tagEndpoints.list,
      userEndpoints.list,
      postEndpoints.list,
      collectionEndpoints.list,
      shareEndpoints.listPublic,
      shareEndpoints.listPrivate,
      authEndpoints.me,
      healthEndpoints.health,
    ].map((endpoint) => [`${endpoint.path}/`, endpoint] as const),
  )('GET %s answers as without it', async (url, endpoint) => {
    const withSlash = await t.request('GET', url, { token: owner.token });
    const without = await t.call(endpoint, { token: owner.token });
    expect(without.status).toBe(200);
    expect(withSlash.status).toBe(200);
    expect(untimed(withSlash.body)).toEqual(untimed(without.body));
  });

  it('reaches a route with an id and a write route', async () => {
    const id = (await createAs(t, owner).collection({ name: 'Slashed' })).id;
    const got = await t.request('GET', `/api/collections/${id}/`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(id);
    const tag = await t.request('POST', '/api/tags/', { token: owner.token, body: { name: 'x' } });
    expect(tag.status).toBe(201);
  });
});

describe('ids as numeric strings in JSON bodies', () => {
  it('public share: {collection_id: "1"}', async () => {
    const id = (await createAs(t, owner).collection({ name: 'Public' })).id;
    const res = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: String(id) },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.collection_id).toBe(id);
  });

  it('private share: {collection_id: "1", user_id: "2"}', async () => {
    const id = (await createAs(t, owner).collection({ name: 'Private' })).id;
    const res = await t.call(shareEndpoints.createPrivate, {
      token: owner.token,
      body: { collection_id: String(id), user_id: String(member.id) },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ collection_id: id, user_id: member.id });
  });

  it('collections: parent_id on create and move', async () => {
    const asOwner = createAs(t, owner);
    const parent = (await asOwner.collection({ name: 'Parent' })).id;
    const created = await t.call(collectionEndpoints.create, {
      token: owner.token,
      body: { name: 'Child', parent_id: String(parent) },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.parent_id).toBe(parent);
    const other = (await asOwner.collection({ name: 'Other' })).id;
    const moved = await t.call(collectionEndpoints.update, {
      token: owner.token,
      params: { id: created.body.data.id },
      body: { parent_id: String(other) },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.parent_id).toBe(other);
  });

  it('posts: collection_id on create and transfer, "0" for Uncategorized', async () => {
    const id = (await createAs(t, owner).collection({ name: 'Posts' })).id;
    const created = await t.call(postEndpoints.create, {
      token: owner.token,
      body: { content: 'a note', collection_id: String(id) },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.collection_id).toBe(id);
    const moved = await t.call(postEndpoints.update, {
      token: owner.token,
      params: { id: created.body.data.id },
      body: { collection_id: '0' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.collection_id).toBeNull();
  });

  it.each([['1.5'], ['1e3'], [''], [' 1'], ['1 '], ['abc'], ['-1'], ['0x10'], [-1], [1.5], [true]])(
    'keeps refusing %j with 400, writing nothing',
    async (value) => {
      const id = (
        await createAs(t, owner).collection({ name: `Refusing ${JSON.stringify(value)}` })
      ).id;
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('collections')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      for (const [url, body] of [
        ['/api/collections', { name: 'Bad', parent_id: value }],
        ['/api/shares/public', { collection_id: value }],
        ['/api/shares/private', { collection_id: value, user_id: member.id }],
        ['/api/shares/private', { collection_id: id, user_id: value }],
        ['/api/posts', { content: 'bad', collection_id: value }],
      ] as const) {
        // Malformed ids on purpose (`true` among them), sent as raw JSON.
        const res = await t.request('POST', url, { token: owner.token, body });
        expect(res.status, `${url} ${res.text}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
      }
      expect(await count()).toBe(before);
    },
  );

  it('users: the owner reaches a user by the id in the path with a trailing slash', async () => {
    const res = await t.request('GET', `/api/users/${member.id}/`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(member.id);
  });
});
