import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenEndpoints, type ApiTokenScope } from '../../../contract/api-tokens.ts';
import { authEndpoints } from '../../../contract/auth.ts';
import { endpointsByFeature } from '../../../contract/index.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { userEndpoints } from '../../../contract/users.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const READ_ONLY = 'This access token may only read.';
const SESSION_ONLY =
  'Only a signed-in session can manage access tokens, users, passwords and email addresses.';

/** A new personal access token of `user`'s, made through the API from their session. */
async function tokenOf(user: TestUser, scope: ApiTokenScope, expires_at?: string) {
  const res = await t.call(apiTokenEndpoints.create, {
    token: user.token,
    body: { name: `${scope} token`, scope, expires_at },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const tokenRows = () => t.db.selectFrom('api_tokens').selectAll().execute();

describe('personal access tokens: scopes on every endpoint', () => {
  const endpoints = Object.values(endpointsByFeature)
    .flatMap((table) => Object.values(table))
    .filter((endpoint) => endpoint.auth !== 'none');
  // Ids no row has: what each call then does is the endpoint's business (400, 404…), not the gate's.
  const urlOf = (path: string) => path.replace(/\{\w+\}/g, '999999');

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s',
    async (_name, endpoint) => {
      const user = await t.createUser();
      const read = (await tokenOf(user, 'read')).token;
      const write = (await tokenOf(user, 'write')).token;
      const url = urlOf(endpoint.path);
      const asRead = await t.request(endpoint.method, url, { token: read, body: {} });
      const asWrite = await t.request(endpoint.method, url, { token: write, body: {} });
      const gateOf = (res: { status: number; body?: { error?: { message?: string } } }) =>
        res.status === 401 ? 'unauthenticated' : (res.body?.error?.message ?? 'passed');

      if (endpoint.sessionOnly) {
        expect([asRead.status, asWrite.status]).toEqual([403, 403]);
        expect(asWrite.body.error.message).toBe(SESSION_ONLY);
      } else if (endpoint.method === 'GET') {
        expect(gateOf(asRead)).not.toMatch(/^(unauthenticated|This access token|Only a signed-in)/);
        expect(gateOf(asWrite)).not.toMatch(
          /^(unauthenticated|This access token|Only a signed-in)/,
        );
      } else {
        expect(asRead.status).toBe(403);
        expect(asRead.body.error).toEqual({ code: 'FORBIDDEN', message: READ_ONLY });
        expect(gateOf(asWrite)).not.toMatch(
          /^(unauthenticated|This access token|Only a signed-in)/,
        );
      }
    },
  );

  it('lets a read token list posts and a write token create one; the read token may not', async () => {
    const user = await t.createUser();
    await createAs(t, user).post({ content: 'https://example.com/saved' });
    const read = (await tokenOf(user, 'read')).token;
    const write = (await tokenOf(user, 'write')).token;
    const listed = await t.call(postEndpoints.list, { token: read });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((post) => post.url)).toEqual(['https://example.com/saved']);
    const refused = await t.call(postEndpoints.create, {
      token: read,
      body: { content: 'https://example.com/refused' },
    });
    expect(refused.status).toBe(403);
    const created = await t.call(postEndpoints.create, {
      token: write,
      body: { content: 'https://example.com/new' },
    });
    expect(created.status).toBe(201);
    const posts = await t.db
      .selectFrom('posts')
      .select('url')
      .where('user_id', '=', user.id)
      .execute();
    expect(posts.map((post) => post.url).sort()).toEqual([
      'https://example.com/new',
      'https://example.com/saved',
    ]);
  });

  it('refuses a write token on the password, email, user and token endpoints; nothing changes', async () => {
    const user = await t.createUser();
    const write = (await tokenOf(user, 'write')).token;
    const password = await t.call(userEndpoints.update, {
      token: write,
      params: { id: user.id },
      body: { password_old: user.password, password_new: 'a brand new passphrase here' },
    });
    const email = await t.call(userEndpoints.update, {
      token: write,
      params: { id: user.id },
      body: { email: 'new@example.com', password_old: user.password },
    });
    const made = await t.call(apiTokenEndpoints.create, {
      token: write,
      body: { name: 'more', scope: 'write' },
    });
    const listed = await t.call(apiTokenEndpoints.list, { token: write });
    expect([password.status, email.status, made.status, listed.status]).toEqual([
      403, 403, 403, 403,
    ]);
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
    expect((await tokenRows()).filter((token) => token.user_id === user.id)).toHaveLength(1);
    // The password still signs in.
    const login = await t.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('personal access tokens: lifecycle', () => {
  it('shows the token once, lists it without the token, stores only its hash', async () => {
    const user = await t.createUser();
    const created = await tokenOf(user, 'read', '2026-06-01T00:00:00Z');
    expect(created.token).toMatch(/^nm_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'read token',
      scope: 'read',
      created_at: t.clock().toISOString(),
      last_used_at: null,
      expires_at: '2026-06-01T00:00:00.000Z',
    });
    const listed = await t.call(apiTokenEndpoints.list, { token: user.token });
    expect(listed.body.data).toEqual([
      {
        id: created.id,
        name: 'read token',
        scope: 'read',
        created_at: created.created_at,
        last_used_at: null,
        expires_at: '2026-06-01T00:00:00.000Z',
      },
    ]);
    const rows = await tokenRows();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(3));
    expect(rows.find((row) => row.id === created.id)?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records the last use, at most once a minute', async () => {
    const user = await t.createUser();
    const { id, token } = await tokenOf(user, 'read');
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = t.clock().toISOString();
    expect((await t.call(postEndpoints.list, { token })).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(30_000);
    await t.call(postEndpoints.list, { token });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(30_000);
    await t.call(postEndpoints.list, { token });
    expect(await lastUsed()).toBe(t.clock().toISOString());
  });

  it('refuses an expired token with 401', async () => {
    const user = await t.createUser();
    const expiresAt = new Date(t.clock().getTime() + 10 * 60_000).toISOString();
    const { token } = await tokenOf(user, 'write', expiresAt);
    expect((await t.call(postEndpoints.list, { token })).status).toBe(200);
    t.clock.advance(10 * 60_000);
    const expired = await t.call(postEndpoints.list, { token });
    expect(expired.status).toBe(401);
    expect(expired.error?.code).toBe('UNAUTHENTICATED');
  });

  it('revokes at once (401 on the next request); another user cannot revoke it (404)', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const { id, token } = await tokenOf(user, 'read');
    const foreign = await t.call(apiTokenEndpoints.revoke, {
      token: other.token,
      params: { id },
    });
    expect(foreign.status).toBe(404);
    expect((await t.call(postEndpoints.list, { token })).status).toBe(200);
    const revoked = await t.call(apiTokenEndpoints.revoke, { token: user.token, params: { id } });
    expect(revoked.status).toBe(204);
    expect((await t.call(postEndpoints.list, { token })).status).toBe(401);
    expect((await t.call(apiTokenEndpoints.list, { token: user.token })).body.data).toEqual([]);
    const again = await t.call(apiTokenEndpoints.revoke, { token: user.token, params: { id } });
    expect(again.status).toBe(404);
  });

  it('refuses a made-up token, and a real one sent in the query or a cookie, with 401', async () => {
    const user = await t.createUser();
    const { token } = await tokenOf(user, 'read');
    expect((await t.request('GET', '/api/posts', { token: 'nm_madeup' })).status).toBe(401);
    expect((await t.request('GET', `/api/favicons/example.com?token=${token}`)).status).toBe(401);
    const asCookie = await t.request('GET', '/api/favicons/example.com', {
      headers: { cookie: `token=${token}` },
    });
    expect(asCookie.status).toBe(401);
    // The same request with the token as Bearer passes authentication.
    expect((await t.request('GET', '/api/favicons/example.com', { token })).status).toBe(200);
  });

  it.each([
    ['a scope other than read or write', { name: 'x', scope: 'admin' }, 'scope'],
    ['an empty name', { name: '   ', scope: 'read' }, 'name'],
    ['a name of 101 characters', { name: 'n'.repeat(101), scope: 'read' }, 'name'],
    [
      'an expiry that is not a date',
      { name: 'x', scope: 'read', expires_at: 'soon' },
      'expires_at',
    ],
    [
      'an expiry in the past',
      { name: 'x', scope: 'read', expires_at: '2020-01-01T00:00:00Z' },
      'expires_at',
    ],
  ])('refuses %s with 400 on the field; nothing is stored', async (_case, body, field) => {
    const user = await t.createUser();
    const res = await t.request('POST', '/api/tokens', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect((await tokenRows()).filter((row) => row.user_id === user.id)).toEqual([]);
  });

  it('goes with its user', async () => {
    const owner = await t.createUser({ permission: 255 });
    const user = await t.createUser();
    const { token } = await tokenOf(user, 'write');
    const deleted = await t.call(userEndpoints.delete, {
      token: owner.token,
      params: { id: user.id },
    });
    expect(deleted.status).toBe(204);
    expect((await tokenRows()).filter((row) => row.user_id === user.id)).toEqual([]);
    expect((await t.call(postEndpoints.list, { token })).status).toBe(401);
  });
});
