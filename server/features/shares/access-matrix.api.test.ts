import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { Permission } from '../../../contract/permissions.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { createAs } from '../../test/api-fixtures.ts';
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

/** What the owner creates (server/test/api-fixtures.ts), set once the owner exists. */
let owner: ReturnType<typeof createAs>;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['owner', 'edit', 'view', 'inherited', 'stranger'] as const) {
    users[name] = await t.createUser();
  }
  users.admin = await t.createUser({ permission: Permission.OWNER });
  owner = createAs(t, users.owner);
  root = (await owner.collection({ name: 'Root' })).id;
  shared = (await owner.collection({ name: 'Shared', parent_id: root })).id;
  deep = (await owner.collection({ name: 'Deep', parent_id: shared })).id;
  other = (await owner.collection({ name: 'Other' })).id;
  post = (
    await owner.post({
      content: 'A post',
      collection_id: shared,
      tag_names: ['reading'],
    })
  ).id;
  tag = (await owner.tag('Kept')).id;
  await owner.post({ content: 'Deep post', collection_id: deep });
  editShare = (
    await owner.privateShare({
      collection_id: shared,
      user_id: users.edit.id,
      permission: 7,
    })
  ).id;
  await owner.privateShare({
    collection_id: shared,
    user_id: users.view.id,
    permission: 4,
  });
  await owner.privateShare({ collection_id: root, user_id: users.inherited.id });
  for (const member of [users.edit, users.inherited]) {
    await owner.privateShare({ collection_id: other, user_id: member.id });
  }
  publicShare = (await owner.publicShare({ collection_id: shared })).id;
  await owner.publicShare({ collection_id: root, is_active: false });
  const shares = await t.call(shareEndpoints.listPublic, { token: users.owner.token });
  const tokenOf = (id: number) =>
    shares.body.data.find((share) => share.collection_id === id)!.token;
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
const freshCollection = async () =>
  (await owner.collection({ name: `Fresh ${++counter}`, parent_id: shared })).id;

/** A fresh collection under "Shared" that carries a share of its own, with a new user. */
async function freshSharedCollection(): Promise<number> {
  const id = await freshCollection();
  await owner.privateShare({
    collection_id: id,
    user_id: (await t.createUser()).id,
  });
  return id;
}

/** A fresh post of the owner's in "Shared". */
const freshPost = async () => (await owner.post({ content: 'x', collection_id: shared })).id;

/**
 * A collection of the actor's own (the owner's "Root"); for actors who are not users, one of the
 * owner's, which they are refused anyway.
 */
async function ownCollectionOf(actor: ActorName): Promise<number> {
  const user = users[actor as keyof typeof users] as TestUser | undefined;
  if (!user || actor === 'owner') return root;
  return (await createAs(t, user).collection({ name: `Own ${++counter}` })).id;
}

type Request = (actor: ActorName) => Promise<{ status: number; text: string }>;

/** The request each row makes, per actor (rows that change data prepare a fresh target). */
const requests: Record<string, Request> = {
  'GET a collection': (a) =>
    t.call(collectionEndpoints.get, { token: as(a).token, params: { id: shared } }),
  'GET the collection tree': (a) =>
    t.call(collectionEndpoints.list, {
      token: as(a).token,
      query: { nested: true, withShared: true },
    }),
  'POST a sub-collection': (a) =>
    t.call(collectionEndpoints.create, {
      token: as(a).token,
      body: { name: 'Sub', parent_id: shared },
    }),
  'PATCH a collection': (a) =>
    t.call(collectionEndpoints.update, {
      token: as(a).token,
      params: { id: deep },
      body: { name: 'Deep' },
    }),
  'PATCH a collection to the top level': async (a) =>
    t.call(collectionEndpoints.update, {
      token: as(a).token,
      params: { id: await freshCollection() },
      body: { is_root: true },
    }),
  'PATCH a collection under another in its tree': async (a) =>
    t.call(collectionEndpoints.update, {
      token: as(a).token,
      params: { id: await freshCollection() },
      body: { parent_id: deep },
    }),
  'PATCH a collection into another shared tree': async (a) =>
    t.call(collectionEndpoints.update, {
      token: as(a).token,
      params: { id: await freshCollection() },
      body: { parent_id: other },
    }),
  'DELETE a collection': async (a) =>
    t.call(collectionEndpoints.delete, {
      token: as(a).token,
      params: { id: await freshCollection() },
    }),
  'DELETE a collection that carries a share': async (a) =>
    t.call(collectionEndpoints.delete, {
      token: as(a).token,
      params: { id: await freshSharedCollection() },
    }),
  'GET posts of a collection': (a) =>
    t.call(postEndpoints.list, { token: as(a).token, query: { collection_id: shared } }),
  'GET posts of a sub-collection': (a) =>
    t.call(postEndpoints.list, { token: as(a).token, query: { collection_id: deep } }),
  'GET a post': (a) => t.call(postEndpoints.get, { token: as(a).token, params: { id: post } }),
  'GET the recycle bin': (a) =>
    t.call(postEndpoints.list, { token: as(a).token, query: { is_archived: true } }),
  'POST a post': (a) =>
    t.call(postEndpoints.create, {
      token: as(a).token,
      body: { content: 'new', collection_id: shared },
    }),
  'PATCH a post': (a) =>
    t.call(postEndpoints.update, {
      token: as(a).token,
      params: { id: post },
      body: { title: 'Edited' },
    }),
  'PATCH a post into the actor’s own collection': async (a) =>
    t.call(postEndpoints.update, {
      token: as(a).token,
      params: { id: await freshPost() },
      body: {
        collection_id: await ownCollectionOf(a),
      },
    }),
  'PATCH a post to the actor’s Uncategorized': async (a) =>
    t.call(postEndpoints.update, {
      token: as(a).token,
      params: { id: await freshPost() },
      body: { collection_id: 0 },
    }),
  'PATCH a post into a sub-collection': async (a) =>
    t.call(postEndpoints.update, {
      token: as(a).token,
      params: { id: await freshPost() },
      body: { collection_id: deep },
    }),
  'PATCH posts in bulk': async (a) =>
    t.call(postEndpoints.bulkUpdate, {
      token: as(a).token,
      body: {
        ids: [await freshPost(), await freshPost()],
        add_tag_names: ['reading'],
      },
    }),
  'PATCH posts in bulk into the actor’s own collection': async (a) =>
    t.call(postEndpoints.bulkUpdate, {
      token: as(a).token,
      body: {
        ids: [await freshPost()],
        collection_id: await ownCollectionOf(a),
      },
    }),
  'DELETE a post': async (a) =>
    t.call(postEndpoints.delete, {
      token: as(a).token,
      params: { id: (await owner.post({ content: 'x', collection_id: shared })).id },
    }),
  'GET search results in a collection': (a) =>
    t.call(postEndpoints.list, {
      token: as(a).token,
      query: { filter: 'post', collection_id: shared, withDescendants: true },
    }),
  'GET tags': (a) => t.call(tagEndpoints.list, { token: as(a).token }),
  'GET a tag': (a) => t.call(tagEndpoints.get, { token: as(a).token, params: { id: tag } }),
  'GET posts of a tag': (a) =>
    t.call(postEndpoints.list, { token: as(a).token, query: { tag_id: tag } }),
  'POST a tag': (a) =>
    t.call(tagEndpoints.create, { token: as(a).token, body: { name: `Tag ${++counter}` } }),
  'PATCH a tag': (a) =>
    t.call(tagEndpoints.update, {
      token: as(a).token,
      params: { id: tag },
      body: { name: 'Kept' },
    }),
  'DELETE a tag': async (a) =>
    t.call(tagEndpoints.delete, {
      token: as(a).token,
      params: { id: (await owner.tag(`Gone ${++counter}`)).id },
    }),
  'DELETE the recycle bin': (a) =>
    t.call(postEndpoints.clearRecycleBin, { token: as(a).token, query: { is_trashed: '1' } }),
  'GET public shares of a collection': (a) =>
    t.call(shareEndpoints.listPublic, { token: as(a).token, query: { collection_id: shared } }),
  'POST a public share': async (a) =>
    t.call(shareEndpoints.createPublic, {
      token: as(a).token,
      body: { collection_id: await freshCollection() },
    }),
  'PATCH a public share': (a) =>
    t.call(shareEndpoints.updatePublic, {
      token: as(a).token,
      params: { id: publicShare },
      body: { is_active: true },
    }),
  'DELETE a public share': async (a) => {
    const id = (await owner.publicShare({ collection_id: await freshCollection() })).id;
    return t.call(shareEndpoints.deletePublic, { token: as(a).token, params: { id } });
  },
  'GET the static auth of a token': (a) => t.call(shareEndpoints.me, { token: as(a).token }),
  'GET members of a collection': (a) =>
    t.call(shareEndpoints.listPrivate, { token: as(a).token, query: { collection_id: shared } }),
  'POST a member': async (a) =>
    t.call(shareEndpoints.createPrivate, {
      token: as(a).token,
      body: {
        collection_id: shared,
        user_id: (await t.createUser()).id,
      },
    }),
  'PATCH a member’s level': (a) =>
    t.call(shareEndpoints.updatePrivate, {
      token: as(a).token,
      params: { id: editShare },
      body: { permission: 7 },
    }),
  'DELETE a member': async (a) => {
    const user = await t.createUser();
    const id = (
      await owner.privateShare({
        collection_id: shared,
        user_id: user.id,
      })
    ).id;
    return t.call(shareEndpoints.deletePrivate, { token: as(a).token, params: { id } });
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
