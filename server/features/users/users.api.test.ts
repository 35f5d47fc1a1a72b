import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../contract/auth.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { Permission } from '../../../contract/permissions.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { userEndpoints } from '../../../contract/users.ts';
import {
  createMailCatcher,
  createTestApp,
  type CallInput,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
const mails = createMailCatcher();

beforeAll(async () => {
  // As behind a proxy: a test sends password guesses from a client address of its own.
  t = await createTestApp({ mailer: mails, config: { trustProxy: true } });
  owner = await t.createUser({ email: 'owner@example.com', permission: Permission.OWNER });
});
afterAll(() => t.close());

type UpdateBody = CallInput<typeof userEndpoints.update>['body'];

async function userRow(id: number) {
  return t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

async function countUsers() {
  return (await t.db.selectFrom('users').select('id').execute()).length;
}

describe('GET /api/users', () => {
  it('lists every user by name, without password hashes', async () => {
    const res = await t.call(userEndpoints.list, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((user) => user.email)).toContain('owner@example.com');
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(
      [
        'auto_page_copies',
        'created_at',
        'email',
        'id',
        'name',
        'permission',
        'theme',
        'updated_at',
      ].sort(),
    );
    expect(res.text).not.toContain('argon2');
  });

  it('searches names ignoring case, leaves out the caller, and takes % and _ literally', async () => {
    const caller = await t.createUser();
    await t.db
      .updateTable('users')
      .set({ name: 'Searcher Zed' })
      .where('id', '=', caller.id)
      .execute();
    const zelda = await t.createUser();
    await t.db
      .updateTable('users')
      .set({ name: 'Zelda 100%' })
      .where('id', '=', zelda.id)
      .execute();
    const search = (text: string) =>
      t.call(userEndpoints.list, { token: caller.token, query: { search: text } });

    const found = await search('zE');
    expect(found.status).toBe(200);
    expect(found.body.data.map((user) => user.id)).toEqual([zelda.id]);
    expect((await search('0%')).body.data).toHaveLength(1);
    expect((await search('1_0')).body.data).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call(userEndpoints.list)).status).toBe(401);
  });
});

describe('GET /api/users/{id}', () => {
  it('returns one user, 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await t.createUser();
    const res = await t.call(userEndpoints.get, { token: user.token, params: { id: owner.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: owner.id, permission: Permission.OWNER });
    expect(
      (await t.call(userEndpoints.get, { token: user.token, params: { id: 999999 } })).status,
    ).toBe(404);
    // A malformed id on purpose.
    expect((await t.request('GET', '/api/users/abc', { token: user.token })).status).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('lets the owner create a user with permission 7 who can sign in', async () => {
    const res = await t.call(userEndpoints.create, {
      token: owner.token,
      body: { name: ' John Smith ', email: 'John@Example.com', password: 'Foo1234bar' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'John Smith',
      email: 'john@example.com',
      permission: 7,
      theme: 'default',
    });
    expect(res.text).not.toContain('argon2');
    const login = await t.call(authEndpoints.login, {
      body: { email: 'john@example.com', password: 'Foo1234bar' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a user who is not the owner with 403, and anonymous callers with 401', async () => {
    const user = await t.createUser();
    const before = await countUsers();
    const body = { name: 'Mallory', email: 'mallory@example.com', password: 'long enough' };
    const res = await t.call(userEndpoints.create, { token: user.token, body });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('FORBIDDEN');
    expect((await t.call(userEndpoints.create, { body })).status).toBe(401);
    expect(await countUsers()).toBe(before);
  });

  it('answers bad input with 400 naming each field and the password rule, writing nothing', async () => {
    const before = await countUsers();
    const res = await t.call(userEndpoints.create, {
      token: owner.token,
      body: { name: '  ', email: 'not an email', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.error?.fields).toEqual({
      name: ['Name is required.'],
      email: ['Enter a valid email address.'],
      password: ['A password needs at least 10 characters.'],
    });
    expect(await countUsers()).toBe(before);
  });

  it('answers an email in use (ignoring case) with 409 on the email field', async () => {
    const before = await countUsers();
    const res = await t.call(userEndpoints.create, {
      token: owner.token,
      body: { name: 'Copy', email: 'OWNER@example.com', password: 'long enough, really' },
    });
    expect(res.status).toBe(409);
    expect(res.error?.fields?.email).toEqual(['This email address is already in use.']);
    expect(await countUsers()).toBe(before);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('lets users change their own name, email and theme; /me follows', async () => {
    const user = await t.createUser();
    const res = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: {
        name: 'Ada',
        email: 'ADA.new@example.com',
        theme: 'dark',
        password_old: user.password,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Ada',
      email: 'ada.new@example.com',
      theme: 'dark',
    });
    const me = await t.call(authEndpoints.me, { token: user.token });
    expect(me.body.data).toMatchObject({ email: 'ada.new@example.com', theme: 'dark' });
  });

  it('ignores a permission in the body: nobody promotes themself', async () => {
    const user = await t.createUser();
    // An unknown field on purpose.
    const res = await t.request('PATCH', `/api/users/${user.id}`, {
      token: user.token,
      body: { permission: 255 },
    });
    expect(res.status).toBe(200);
    expect((await userRow(user.id))?.permission).toBe(7);
  });

  it('refuses a user who changes someone else with 403, changing nothing', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const before = await userRow(other.id);
    const bodies: UpdateBody[] = [
      { name: 'Hacked' },
      { email: 'x@example.com' },
      { theme: 'dark' },
    ];
    for (const body of bodies) {
      const res = await t.call(userEndpoints.update, {
        token: user.token,
        params: { id: other.id },
        body,
      });
      expect(res.status).toBe(403);
    }
    const ownerChange = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: owner.id },
      body: { name: 'Not the owner' },
    });
    expect(ownerChange.status).toBe(403);
    expect(await userRow(other.id)).toEqual(before);
  });

  it("lets the owner change anyone's name and email, but not their password or theme", async () => {
    const user = await t.createUser();
    const res = await t.call(userEndpoints.update, {
      token: owner.token,
      params: { id: user.id },
      body: { name: 'Renamed', email: 'renamed@example.com', password_old: owner.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', email: 'renamed@example.com' });
    const bodies: UpdateBody[] = [
      { theme: 'dark' },
      { password_old: user.password, password_new: 'new password' },
    ];
    for (const body of bodies) {
      const refused = await t.call(userEndpoints.update, {
        token: owner.token,
        params: { id: user.id },
        body,
      });
      expect(refused.status).toBe(403);
    }
    expect((await userRow(user.id))?.theme).toBe('default');
  });

  it('answers an email in use with 409 and an unknown user with 404', async () => {
    const user = await t.createUser();
    const taken = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { email: 'owner@example.com', password_old: user.password },
    });
    expect(taken.status).toBe(409);
    expect(taken.error?.fields?.email).toBeDefined();
    const same = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { email: user.email },
    });
    expect(same.status).toBe(200);
    expect(
      (await t.call(userEndpoints.update, { token: owner.token, params: { id: 999999 }, body: {} }))
        .status,
    ).toBe(404);
  });

  it('needs the right current password to change the password, with a field error', async () => {
    const user = await t.createUser();
    const missing = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { password_new: 'brand new password' },
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.fields?.password_old).toEqual([
      'Enter your current password to set a new one.',
    ]);
    const wrong = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: {
        name: 'Changed',
        password_old: 'not my password',
        password_new: 'brand new password',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.fields?.password_old).toEqual(['The current password is not correct.']);
    const weak = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { password_old: user.password, password_new: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.error?.message).toContain('at least 10 characters');

    // Nothing of the refused requests was written: the old password still works, the name stays.
    expect((await userRow(user.id))?.name).not.toBe('Changed');
    const login = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: the 11th guess from one address gets 429, and so does login', async () => {
    const user = await t.createUser({ password: 'the real one' });
    const from = { 'x-forwarded-for': '10.1.0.1' };
    const guess = (passwordOld: string) =>
      t.call(userEndpoints.update, {
        token: user.token,
        params: { id: user.id },
        body: { password_old: passwordOld, password_new: 'taken over account' },
        headers: from,
      });
    for (let i = 1; i <= 10; i++) expect((await guess(`guess ${i}`)).status).toBe(400);

    const blocked = await guess('the real one');
    expect(blocked.status).toBe(429);
    expect(blocked.error?.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBe('900');
    const login = await t.call(authEndpoints.login, {
      body: { email: user.email, password: 'the real one' },
      headers: from,
    });
    expect(login.status).toBe(429);

    // The password was never changed, and once the window has passed the right one works.
    t.clock.advance(15 * 60 * 1000);
    const later = await t.call(authEndpoints.login, {
      body: { email: user.email, password: 'the real one' },
      headers: from,
    });
    expect(later.status).toBe(200);
  });

  it("changes the password and ends the user's other sessions, keeping the current one", async () => {
    const user = await t.createUser();
    const other = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    const otherToken = other.body.data.token.access_token;

    const res = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { password_old: user.password, password_new: 'a new password' },
    });
    expect(res.status).toBe(200);

    expect((await t.call(authEndpoints.me, { token: otherToken })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh, { token: otherToken })).status).toBe(401);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(200);
    const refreshed = await t.call(authEndpoints.refresh, { token: user.token });
    expect(refreshed.status).toBe(200);

    const oldLogin = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.call(authEndpoints.login, {
      body: { email: user.email, password: 'a new password' },
    });
    expect(newLogin.status).toBe(200);
  });
});

describe('password strength (security review)', () => {
  it('refuses a short or easily guessed password for a new user with 400 on password, creating nobody', async () => {
    const before = await countUsers();
    const create = (password: string) =>
      t.call(userEndpoints.create, {
        token: owner.token,
        body: { name: 'Weak', email: 'weak@example.com', password },
      });
    const short = await create('aaaaaaaa');
    expect(short.status).toBe(400);
    expect(short.error?.fields?.password).toEqual(['A password needs at least 10 characters.']);
    for (const password of ['aaaaaaaaaaaa', 'password123', 'weak@example.com']) {
      const guessable = await create(password);
      expect(guessable.status).toBe(400);
      expect(guessable.error?.code).toBe('VALIDATION');
      expect(guessable.error?.fields?.password?.[0]).toMatch(
        /^This password is too easy to guess\./,
      );
    }
    expect(await countUsers()).toBe(before);
    expect((await create('a quiet heron at dusk')).status).toBe(201);
  });

  it('refuses an easily guessed new password on a password change, keeping the old one', async () => {
    const user = await t.createUser();
    const res = await t.call(userEndpoints.update, {
      token: user.token,
      params: { id: user.id },
      body: { password_old: user.password, password_new: 'password123' },
    });
    expect(res.status).toBe(400);
    expect(res.error?.fields?.password_new?.[0]).toMatch(/too easy to guess/);
    const login = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('PATCH /api/users/{id}: email changes (security review)', () => {
  const patch = (token: string, id: number, body: UpdateBody) =>
    t.call(userEndpoints.update, { token, params: { id }, body });

  it("needs the owner's current password to change someone's email, writing nothing without it", async () => {
    const user = await t.createUser();
    const before = await userRow(user.id);
    const missing = await patch(owner.token, user.id, { email: 'takeover@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.error?.fields?.password_old).toEqual([
      'Enter your current password to change the email address.',
    ]);
    const wrong = await patch(owner.token, user.id, {
      email: 'takeover@example.com',
      password_old: user.password,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.fields?.password_old).toEqual(['The current password is not correct.']);
    expect(await userRow(user.id)).toEqual(before);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(200);
  });

  it("ends that user's sessions and tells their old address when the owner changes their email", async () => {
    const user = await t.createUser({ email: 'victim@example.com' });
    const res = await patch(owner.token, user.id, {
      email: 'new-victim@example.com',
      password_old: owner.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('new-victim@example.com');
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.me, { token: owner.token })).status).toBe(200);
    const notice = mails.sent.filter((mail) => mail.to === 'victim@example.com');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('Your Nestmark email address was changed');
    expect(notice[0]!.text).toContain('new-victim@example.com');
    expect(mails.sent.some((mail) => mail.to === 'new-victim@example.com')).toBe(false);
  });

  it("needs the current password to change one's own email, and tells the old address", async () => {
    const user = await t.createUser({ email: 'mine@example.com' });
    const missing = await patch(user.token, user.id, { email: 'mine-new@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.error?.fields?.password_old).toBeDefined();
    expect((await userRow(user.id))?.email).toBe('mine@example.com');
    const res = await patch(user.token, user.id, {
      email: 'mine-new@example.com',
      password_old: user.password,
    });
    expect(res.status).toBe(200);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(200);
    expect(mails.sent.filter((mail) => mail.to === 'mine@example.com')).toHaveLength(1);
  });

  it('needs no password when the email stays the same (ignoring case)', async () => {
    const user = await t.createUser({ email: 'same@example.com' });
    const res = await patch(owner.token, user.id, { email: 'SAME@example.com', name: 'Same' });
    expect(res.status).toBe(200);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  /** A collection with a child, a tagged post, a public share and a share with `member`. */
  async function seedData(user: TestUser, member: TestUser) {
    const parent = await t.call(collectionEndpoints.create, {
      token: user.token,
      body: { name: `Parent of ${user.id}` },
    });
    const parentId = parent.body.data.id;
    await t.call(collectionEndpoints.create, {
      token: user.token,
      body: { name: 'Child', parent_id: parentId },
    });
    for (const collection_id of [parentId, null]) {
      const post = await t.call(postEndpoints.create, {
        token: user.token,
        body: { content: 'a note', collection_id, tag_names: ['keep'] },
      });
      expect(post.status).toBe(201);
    }
    const now = t.clock().toISOString();
    await t.db
      .insertInto('public_shares')
      .values({
        collection_id: parentId,
        token: `token-of-${user.id}-${'x'.repeat(32)}`,
        is_active: 1,
        permission: 4,
        include_descendants: 0,
        created_by: user.id,
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('private_shares')
      .values({
        collection_id: parentId,
        user_id: member.id,
        permission: 7,
        created_by: user.id,
        created_at: now,
      })
      .execute();
  }

  async function countsOf(userId: number) {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      collections: await count(
        t.db.selectFrom('collections').select('id').where('user_id', '=', userId).execute(),
      ),
      posts: await count(
        t.db.selectFrom('posts').select('id').where('user_id', '=', userId).execute(),
      ),
      tags: await count(
        t.db.selectFrom('tags').select('id').where('user_id', '=', userId).execute(),
      ),
      postTags: await count(
        t.db
          .selectFrom('post_tags')
          .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
          .select('post_tags.post_id')
          .where('tags.user_id', '=', userId)
          .execute(),
      ),
      publicShares: await count(
        t.db.selectFrom('public_shares').select('id').where('created_by', '=', userId).execute(),
      ),
      privateSharesMade: await count(
        t.db.selectFrom('private_shares').select('id').where('created_by', '=', userId).execute(),
      ),
      sessions: await count(
        t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute(),
      ),
    };
  }

  it("deletes the user and all their data, and nothing of anyone else's", async () => {
    const doomed = await t.createUser();
    const keeper = await t.createUser();
    await seedData(doomed, keeper);
    await seedData(keeper, doomed);
    const keeperBefore = await countsOf(keeper.id);
    expect(keeperBefore).toMatchObject({
      collections: 2,
      posts: 2,
      tags: 1,
      postTags: 2,
      publicShares: 1,
    });

    const res = await t.call(userEndpoints.delete, {
      token: owner.token,
      params: { id: doomed.id },
    });
    expect(res.status).toBe(204);

    expect(await userRow(doomed.id)).toBeUndefined();
    expect(await countsOf(doomed.id)).toEqual({
      collections: 0,
      posts: 0,
      tags: 0,
      postTags: 0,
      publicShares: 0,
      privateSharesMade: 0,
      sessions: 0,
    });
    // The keeper keeps everything but the share that made the deleted user a member.
    expect(await countsOf(keeper.id)).toEqual({ ...keeperBefore, privateSharesMade: 0 });
    expect((await t.call(authEndpoints.me, { token: doomed.token })).status).toBe(401);
    expect((await t.call(authEndpoints.me, { token: keeper.token })).status).toBe(200);
    const keeperPosts = await t.call(postEndpoints.list, {
      token: keeper.token,
      query: { collection_id: 0 },
    });
    expect(keeperPosts.body.data).toHaveLength(1);
  });

  it('refuses users who are not the owner with 403, deleting nothing', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (const target of [other.id, owner.id, user.id]) {
      const res = await t.call(userEndpoints.delete, { token: user.token, params: { id: target } });
      expect(res.status).toBe(403);
    }
    expect(await userRow(other.id)).toBeDefined();
    expect(await userRow(owner.id)).toBeDefined();
  });

  it('never deletes oneself (403) and answers an unknown user with 404', async () => {
    const self = await t.call(userEndpoints.delete, {
      token: owner.token,
      params: { id: owner.id },
    });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe('You cannot delete your own account.');
    expect(await userRow(owner.id)).toBeDefined();
    expect(
      (await t.call(userEndpoints.delete, { token: owner.token, params: { id: 999999 } })).status,
    ).toBe(404);
  });

  it('never deletes the last owner: two owners deleting each other at once leave one', async () => {
    const first = await t.createUser({ permission: Permission.OWNER });
    const second = await t.createUser({ permission: Permission.OWNER });
    // The suite's owner steps aside for this test, so these two are the only owners.
    await t.db.updateTable('users').set({ permission: 7 }).where('id', '=', owner.id).execute();
    try {
      const results = await Promise.all([
        t.call(userEndpoints.delete, { token: first.token, params: { id: second.id } }),
        t.call(userEndpoints.delete, { token: second.token, params: { id: first.id } }),
      ]);
      // The loser is refused inside the transaction (403), or, when the winner was quicker, its
      // session is already gone (401).
      const statuses = results.map((res) => res.status).sort();
      expect(statuses[0]).toBe(204);
      expect([401, 403]).toContain(statuses[1]);
      const owners = await t.db
        .selectFrom('users')
        .select('id')
        .where('permission', '=', Permission.OWNER)
        .execute();
      expect(owners).toHaveLength(1);
    } finally {
      await t.db
        .updateTable('users')
        .set({ permission: Permission.OWNER })
        .where('id', '=', owner.id)
        .execute();
    }
  });
});
