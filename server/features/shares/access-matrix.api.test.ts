import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { Permission } from '../../../contract/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * Who may do what, as one table (PRODUCT.md#permissions). The data: the owner's tree Root › Shared
 * › Deep. "Shared" is shared with the edit member (7) and the view member (4); "Root" with the
 * inherited member (7), who reaches "Shared" through it. "Shared" has an active public token;
 * "Root" has a switched-off one (revoked). A second tree "Other" is shared with the edit and the
 * inherited member too. The instance owner (255) owns none of it. Rows that change data prepare a
 * fresh target for each actor, so every cell starts alike.
 */

const actors = [
  'owner',
  'edit',
  'view',
  'inherited',
  'stranger',
  'admin',
  'token',
  'revoked',
  'anonymous',
] as const;
type ActorName = (typeof actors)[number];

let t: TestApp;
const users = {} as Record<
  'owner' | 'edit' | 'view' | 'inherited' | 'stranger' | 'admin',
  TestUser
>;
let tokens: Record<ActorName, string | undefined>;
let root: number;
let shared: number;
let deep: number;
let other: number;
let post: number;
let publicShare: number;
let editShare: number;
let tag: number;
let counter = 0;

const as = (name: ActorName) => ({ token: tokens[name] });

function api(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  body?: unknown,
) {
  return t.request(method, url, { token, body });
}

async function ownerCreates(url: string, body: Record<string, unknown>): Promise<number> {
  const res = await api('POST', url, users.owner.token, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['owner', 'edit', 'view', 'inherited', 'stranger'] as const) {
    users[name] = await t.createUser();
  }
  users.admin = await t.createUser({ permission: Permission.OWNER });
  root = await ownerCreates('/api/collections', { name: 'Root' });
  shared = await ownerCreates('/api/collections', { name: 'Shared', parent_id: root });
  deep = await ownerCreates('/api/collections', { name: 'Deep', parent_id: shared });
  other = await ownerCreates('/api/collections', { name: 'Other' });
  post = await ownerCreates('/api/posts', {
    content: 'A post',
    collection_id: shared,
    tag_names: ['reading'],
  });
  tag = await ownerCreates('/api/tags', { name: 'Kept' });
  await ownerCreates('/api/posts', { content: 'Deep post', collection_id: deep });
  editShare = await ownerCreates('/api/shares/private', {
    collection_id: shared,
    user_id: users.edit.id,
    permission: 7,
  });
  await ownerCreates('/api/shares/private', {
    collection_id: shared,
    user_id: users.view.id,
    permission: 4,
  });
  await ownerCreates('/api/shares/private', { collection_id: root, user_id: users.inherited.id });
  for (const member of [users.edit, users.inherited]) {
    await ownerCreates('/api/shares/private', { collection_id: other, user_id: member.id });
  }
  publicShare = await ownerCreates('/api/shares/public', { collection_id: shared });
  await ownerCreates('/api/shares/public', { collection_id: root, is_active: false });
  const shares = await api('GET', '/api/shares/public', users.owner.token);
  const tokenOf = (id: number) =>
    shares.body.data.find((share: { collection_id: number }) => share.collection_id === id).token;
  tokens = {
    owner: users.owner.token,
    edit: users.edit.token,
    view: users.view.token,
    inherited: users.inherited.token,
    stranger: users.stranger.token,
    admin: users.admin.token,
    token: tokenOf(shared),
    revoked: tokenOf(root),
    anonymous: undefined,
  };
});
afterAll(() => t.close());

/** A fresh collection under "Shared", owned by the owner. */
const freshCollection = () =>
  ownerCreates('/api/collections', { name: `Fresh ${++counter}`, parent_id: shared });

/** A fresh collection under "Shared" that carries a share of its own, with a new user. */
async function freshSharedCollection(): Promise<number> {
  const id = await freshCollection();
  await ownerCreates('/api/shares/private', {
    collection_id: id,
    user_id: (await t.createUser()).id,
  });
  return id;
}

/** A fresh post of the owner's in "Shared". */
const freshPost = () => ownerCreates('/api/posts', { content: 'x', collection_id: shared });

/**
 * A collection of the actor's own (the owner's "Root"); for actors who are not users, one of the
 * owner's, which they are refused anyway.
 */
async function ownCollectionOf(actor: ActorName): Promise<number> {
  const user = users[actor as keyof typeof users] as TestUser | undefined;
  if (!user || actor === 'owner') return root;
  const res = await api('POST', '/api/collections', user.token, { name: `Own ${++counter}` });
  return res.body.data.id as number;
}

type Request = (actor: ActorName) => Promise<{ status: number; text: string }>;

/** The request each row makes, per actor (rows that change data prepare a fresh target). */
const requests: Record<string, Request> = {
  'GET a collection': (a) => api('GET', `/api/collections/${shared}`, as(a).token),
  'GET the collection tree': (a) =>
    api('GET', '/api/collections?nested=true&withShared=true', as(a).token),
  'POST a sub-collection': (a) =>
    api('POST', '/api/collections', as(a).token, { name: 'Sub', parent_id: shared }),
  'PATCH a collection': (a) =>
    api('PATCH', `/api/collections/${deep}`, as(a).token, { name: 'Deep' }),
  'PATCH a collection to the top level': async (a) =>
    api('PATCH', `/api/collections/${await freshCollection()}`, as(a).token, { is_root: true }),
  'PATCH a collection under another in its tree': async (a) =>
    api('PATCH', `/api/collections/${await freshCollection()}`, as(a).token, { parent_id: deep }),
  'PATCH a collection into another shared tree': async (a) =>
    api('PATCH', `/api/collections/${await freshCollection()}`, as(a).token, { parent_id: other }),
  'DELETE a collection': async (a) =>
    api('DELETE', `/api/collections/${await freshCollection()}`, as(a).token),
  'DELETE a collection that carries a share': async (a) =>
    api('DELETE', `/api/collections/${await freshSharedCollection()}`, as(a).token),
  'GET posts of a collection': (a) => api('GET', `/api/posts?collection_id=${shared}`, as(a).token),
  'GET posts of a sub-collection': (a) =>
    api('GET', `/api/posts?collection_id=${deep}`, as(a).token),
  'GET a post': (a) => api('GET', `/api/posts/${post}`, as(a).token),
  'GET the recycle bin': (a) => api('GET', '/api/posts?is_archived=true', as(a).token),
  'POST a post': (a) =>
    api('POST', '/api/posts', as(a).token, { content: 'new', collection_id: shared }),
  'PATCH a post': (a) => api('PATCH', `/api/posts/${post}`, as(a).token, { title: 'Edited' }),
  'PATCH a post into the actor’s own collection': async (a) =>
    api('PATCH', `/api/posts/${await freshPost()}`, as(a).token, {
      collection_id: await ownCollectionOf(a),
    }),
  'PATCH a post to the actor’s Uncategorized': async (a) =>
    api('PATCH', `/api/posts/${await freshPost()}`, as(a).token, { collection_id: 0 }),
  'PATCH a post into a sub-collection': async (a) =>
    api('PATCH', `/api/posts/${await freshPost()}`, as(a).token, { collection_id: deep }),
  'PATCH posts in bulk': async (a) =>
    api('PATCH', '/api/posts', as(a).token, {
      ids: [await freshPost(), await freshPost()],
      add_tag_names: ['reading'],
    }),
  'PATCH posts in bulk into the actor’s own collection': async (a) =>
    api('PATCH', '/api/posts', as(a).token, {
      ids: [await freshPost()],
      collection_id: await ownCollectionOf(a),
    }),
  'DELETE a post': async (a) =>
    api(
      'DELETE',
      `/api/posts/${await ownerCreates('/api/posts', { content: 'x', collection_id: shared })}`,
      as(a).token,
    ),
  'GET search results in a collection': (a) =>
    api('GET', `/api/posts?filter=post&collection_id=${shared}&withDescendants=true`, as(a).token),
  'GET tags': (a) => api('GET', '/api/tags', as(a).token),
  'GET a tag': (a) => api('GET', `/api/tags/${tag}`, as(a).token),
  'GET posts of a tag': (a) => api('GET', `/api/posts?tag_id=${tag}`, as(a).token),
  'POST a tag': (a) => api('POST', '/api/tags', as(a).token, { name: `Tag ${++counter}` }),
  'PATCH a tag': (a) => api('PATCH', `/api/tags/${tag}`, as(a).token, { name: 'Kept' }),
  'DELETE a tag': async (a) =>
    api(
      'DELETE',
      `/api/tags/${await ownerCreates('/api/tags', { name: `Gone ${++counter}` })}`,
      as(a).token,
    ),
  'DELETE the recycle bin': (a) => api('DELETE', '/api/posts?is_trashed=1', as(a).token),
  'GET public shares of a collection': (a) =>
    api('GET', `/api/shares/public?collection_id=${shared}`, as(a).token),
  'POST a public share': async (a) =>
    api('POST', '/api/shares/public', as(a).token, { collection_id: await freshCollection() }),
  'PATCH a public share': (a) =>
    api('PATCH', `/api/shares/public/${publicShare}`, as(a).token, { is_active: true }),
  'DELETE a public share': async (a) => {
    const id = await ownerCreates('/api/shares/public', { collection_id: await freshCollection() });
    return api('DELETE', `/api/shares/public/${id}`, as(a).token);
  },
  'GET the static auth of a token': (a) => api('GET', '/api/shares/public/me', as(a).token),
  'GET members of a collection': (a) =>
    api('GET', `/api/shares/private?collection_id=${shared}`, as(a).token),
  'POST a member': async (a) =>
    api('POST', '/api/shares/private', as(a).token, {
      collection_id: shared,
      user_id: (await t.createUser()).id,
    }),
  'PATCH a member’s level': (a) =>
    api('PATCH', `/api/shares/private/${editShare}`, as(a).token, { permission: 7 }),
  'DELETE a member': async (a) => {
    const user = await t.createUser();
    const id = await ownerCreates('/api/shares/private', {
      collection_id: shared,
      user_id: user.id,
    });
    return api('DELETE', `/api/shares/private/${id}`, as(a).token);
  },
};

// prettier-ignore
const matrix: [name: keyof typeof requests, expected: string][] = [
  //                                             owner edit view inher stran admin token revok anon
  ['GET a collection',                           '200   200  200  200   404   404   401   401   401'],
  ['GET the collection tree',                    '200   200  200  200   200   200   401   401   401'],
  ['POST a sub-collection',                      '201   201  403  201   404   404   401   401   401'],
  ['PATCH a collection',                         '200   200  403  200   404   404   401   401   401'],
  ['PATCH a collection to the top level',        '200   403  403  403   404   404   401   401   401'],
  ['PATCH a collection under another in its tree', '200   403  403  403   404   404   401   401   401'],
  ['PATCH a collection into another shared tree', '200   403  403  403   404   404   401   401   401'],
  ['DELETE a collection',                        '204   204  403  204   404   404   401   401   401'],
  ['DELETE a collection that carries a share',   '204   403  403  403   404   404   401   401   401'],
  ['GET posts of a collection',                  '200   200  200  200   404   404   200   401   401'],
  ['GET posts of a sub-collection',              '200   200  200  200   404   404   404   401   401'],
  ['GET a post',                                 '200   200  200  200   404   404   200   401   401'],
  ['GET the recycle bin',                        '200   200  200  200   200   200   403   401   401'],
  ['POST a post',                                '201   201  403  201   404   404   401   401   401'],
  ['PATCH a post',                               '200   200  403  200   404   404   401   401   401'],
  ['PATCH a post into the actor’s own collection','200   403  403  403   404   404   401   401   401'],
  ['PATCH a post to the actor’s Uncategorized',  '200   403  403  403   404   404   401   401   401'],
  ['PATCH a post into a sub-collection',         '200   200  403  200   404   404   401   401   401'],
  ['PATCH posts in bulk',                        '200   200  403  200   404   404   401   401   401'],
  ['PATCH posts in bulk into the actor’s own collection', '200 403 403 403 404 404 401 401 401'],
  ['DELETE a post',                              '204   204  403  204   404   404   401   401   401'],
  ['GET search results in a collection',         '200   200  200  200   404   404   200   401   401'],
  ['DELETE the recycle bin',                     '204   204  204  204   204   204   401   401   401'],
  ['GET tags',                                   '200   200  200  200   200   200   401   401   401'],
  ['GET a tag',                                  '200   404  404  404   404   404   401   401   401'],
  ['GET posts of a tag',                         '200   404  404  404   404   404   404   401   401'],
  ['POST a tag',                                 '201   201  201  201   201   201   401   401   401'],
  ['PATCH a tag',                                '200   404  404  404   404   404   401   401   401'],
  ['DELETE a tag',                               '204   404  404  404   404   404   401   401   401'],
  ['GET public shares of a collection',          '200   403  403  403   404   404   401   401   401'],
  ['POST a public share',                        '201   403  403  403   404   404   401   401   401'],
  ['PATCH a public share',                       '200   403  403  403   404   404   401   401   401'],
  ['DELETE a public share',                      '204   403  403  403   404   404   401   401   401'],
  ['GET the static auth of a token',             '200   200  200  200   200   200   200   401   401'],
  ['GET members of a collection',                '200   200  200  200   404   404   401   401   401'],
  ['POST a member',                              '201   403  403  403   404   404   401   401   401'],
  ['PATCH a member’s level',                     '200   403  403  403   404   404   401   401   401'],
  ['DELETE a member',                            '204   403  403  403   404   404   401   401   401'],
];

describe('authorization matrix', () => {
  for (const [name, expected] of matrix) {
    it(name, async () => {
      const want = expected.trim().split(/\s+/).map(Number);
      const got: Record<string, number> = {};
      for (const actor of actors) got[actor] = (await requests[name]!(actor)).status;
      expect(got).toEqual(Object.fromEntries(actors.map((actor, i) => [actor, want[i]])));
    });
  }
});
