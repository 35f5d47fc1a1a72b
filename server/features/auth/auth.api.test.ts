import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../contract/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // As behind a reverse proxy (TRUST_PROXY): tests give each sign-in its client address.
  t = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('returns a Bearer access token for the right password', async () => {
    await t.createUser({ email: 'ada@example.com', password: 'correct horse' });
    const res = await t.call(authEndpoints.login, {
      body: { email: ' Ada@Example.com ', password: 'correct horse' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatchObject({ token_type: 'Bearer', expire: 60 });
    expect(res.body.data.token.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await t.createUser({ email: 'bob@example.com', password: 'right password' });
    const wrong = await t.call(authEndpoints.login, {
      body: { email: 'bob@example.com', password: 'wrong password' },
    });
    const unknown = await t.call(authEndpoints.login, {
      body: { email: 'nobody@example.com', password: 'right password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(JSON.parse(wrong.text)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid login credentials' },
    });
    expect(unknown.text).toBe(wrong.text);
  });

  it('rejects a missing password and malformed JSON with 400', async () => {
    // Deliberately malformed: the contract's type requires the password.
    const missing = await t.request('POST', '/api/auth/login', { body: { email: 'a@b.c' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION');
    expect(missing.body.error.fields.password).toBeDefined();

    const malformed = await t.request('POST', '/api/auth/login', {
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION');
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user without the password hash', async () => {
    const user = await t.createUser({ email: 'carol@example.com' });
    const res = await t.call(authEndpoints.me, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      email: 'carol@example.com',
      permission: 7,
      theme: 'default',
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('answers 401 without a token, with a forged token and with garbage', async () => {
    const user = await t.createUser();
    const [header, payload] = user.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [undefined, forged, 'garbage']) {
      const res = await t.call(authEndpoints.me, { token });
      expect(res.status).toBe(401);
      expect(res.error?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 once the access token has expired', async () => {
    const user = await t.createUser();
    t.clock.advance(61 * 60 * 1000);
    const res = await t.call(authEndpoints.me, { token: user.token });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('exchanges an expired token of a live session for a new one and kills the old one', async () => {
    const user = await t.createUser();
    t.clock.advance(2 * 60 * 60 * 1000);
    const refreshed = await t.call(authEndpoints.refresh, { token: user.token });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body.data.token.access_token;
    expect(fresh).not.toBe(user.token);

    expect((await t.call(authEndpoints.me, { token: fresh })).status).toBe(200);
    const again = await t.call(authEndpoints.refresh, { token: user.token });
    expect(again.status).toBe(401);
  });

  it('treats a token presented again after its refresh as stolen and ends the session', async () => {
    const user = await t.createUser();
    const first = await t.call(authEndpoints.refresh, { token: user.token });
    expect(first.status).toBe(200);
    const current = first.body.data.token.access_token;
    t.clock.advance(5 * 60 * 1000);
    // Whoever holds the replaced token (a thief, or the user after a thief) is refused, and the
    // session of the token in use ends with it.
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.me, { token: current })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh, { token: current })).status).toBe(401);
  });

  it('ends the session also when a token older than the last one comes back', async () => {
    const user = await t.createUser();
    const second = await t.call(authEndpoints.refresh, { token: user.token });
    t.clock.advance(5 * 60 * 1000);
    const third = await t.call(authEndpoints.refresh, {
      token: second.body.data.token.access_token,
    });
    const current = third.body.data.token.access_token;
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.me, { token: current })).status).toBe(401);
  });

  it('keeps the session when two tabs refresh the same token within seconds', async () => {
    const user = await t.createUser();
    const winner = await t.call(authEndpoints.refresh, { token: user.token });
    t.clock.advance(5 * 1000);
    const loser = await t.call(authEndpoints.refresh, { token: user.token });
    expect(loser.status).toBe(401);
    const current = winner.body.data.token.access_token;
    expect((await t.call(authEndpoints.me, { token: current })).status).toBe(200);
  });

  it('refuses a session older than 14 days and a request without a token', async () => {
    const user = await t.createUser();
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its token stops working and cannot be refreshed', async () => {
    const user = await t.createUser();
    expect((await t.call(authEndpoints.logout, { token: user.token })).status).toBe(204);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
  });
});

describe('login rate limit', () => {
  /** A sign-in from client address `ip` (the app trusts X-Forwarded-For, as behind a proxy). */
  const loginFrom = (ip: string, email: string, password: string) =>
    t.call(authEndpoints.login, { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  /** Seconds of a 429's `Retry-After`. */
  const retryAfter = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['retry-after']);

  it('slows wrong logins of an account from many addresses to a minute apart, never locking the right password out (security review)', async () => {
    const user = await t.createUser({ email: 'guessed@example.com', password: 'the real one' });
    for (let i = 1; i <= 10; i++) {
      const res = await loginFrom(`10.0.1.${i}`, user.email, `guess ${i}`);
      expect(res.status).toBe(401);
    }
    const slowed = await loginFrom('10.0.1.99', user.email, 'the real one');
    expect(slowed.status).toBe(429);
    expect(slowed.error?.code).toBe('RATE_LIMITED');
    expect(retryAfter(slowed)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(60);

    // Attackers keep guessing from ever new addresses, as fast as they are let through.
    for (let i = 1; i <= 30; i++) {
      let res = await loginFrom(`10.0.6.${i}`, user.email, `guess ${i}`);
      if (res.status === 429) {
        expect(retryAfter(res)).toBeLessThanOrEqual(60);
        t.clock.advance(retryAfter(res) * 1000);
        res = await loginFrom(`10.0.6.${i}`, user.email, `guess ${i}`);
      }
      expect(res.status).toBe(401);
    }
    // The owner of the account waits at most a minute, then gets in.
    const waiting = await loginFrom('10.0.1.99', user.email, 'the real one');
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(60);
    t.clock.advance(retryAfter(waiting) * 1000);
    expect((await loginFrom('10.0.1.99', user.email, 'the real one')).status).toBe(200);
  });

  it('locks the address that made 10 wrong logins for 15 minutes, not the account', async () => {
    const user = await t.createUser({ password: 'the real one' });
    for (let i = 1; i <= 10; i++) {
      expect((await loginFrom('10.0.7.1', user.email, `guess ${i}`)).status).toBe(401);
    }
    const locked = await loginFrom('10.0.7.1', user.email, 'the real one');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advance(60 * 1000);
    expect((await loginFrom('10.0.7.2', user.email, 'the real one')).status).toBe(200);
    expect((await loginFrom('10.0.7.1', user.email, 'the real one')).status).toBe(429);
    t.clock.advance(14 * 60 * 1000);
    expect((await loginFrom('10.0.7.1', user.email, 'the real one')).status).toBe(200);
  });

  it('limits an unknown email exactly like a known one', async () => {
    const known = await t.createUser({ email: 'known@example.com' });
    const answers = [];
    for (const email of [known.email, 'unknown@example.com']) {
      for (let i = 1; i <= 10; i++) await loginFrom(`10.0.2.${i}`, email, 'wrong password');
      answers.push(await loginFrom('10.0.2.50', email, 'wrong password'));
    }
    expect(answers.map((res) => res.status)).toEqual([429, 429]);
    expect(answers[1]!.text).toBe(answers[0]!.text);
    expect(answers[1]!.headers['retry-after']).toBe(answers[0]!.headers['retry-after']);
  });

  it('answers the 11th wrong login from one address with 429, whichever accounts it tries', async () => {
    const user = await t.createUser({ password: 'right password' });
    for (let i = 1; i <= 10; i++) {
      expect((await loginFrom('10.0.3.1', `someone${i}@example.com`, 'nope')).status).toBe(401);
    }
    expect((await loginFrom('10.0.3.1', user.email, 'right password')).status).toBe(429);
    expect((await loginFrom('10.0.3.2', user.email, 'right password')).status).toBe(200);
  });

  it('forgets the failures of an account once it signs in', async () => {
    const user = await t.createUser({ password: 'right password' });
    for (let i = 1; i <= 9; i++) await loginFrom(`10.0.4.${i}`, user.email, 'nope');
    expect((await loginFrom('10.0.4.100', user.email, 'right password')).status).toBe(200);
    for (let i = 11; i <= 20; i++) {
      expect((await loginFrom(`10.0.4.${i}`, user.email, 'nope')).status).toBe(401);
    }
    expect((await loginFrom('10.0.4.100', user.email, 'nope')).status).toBe(429);
  });

  it('counts parallel guesses too', async () => {
    const user = await t.createUser();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => loginFrom(`10.0.5.${i}`, user.email, `guess ${i}`)),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    // Outside the contract on purpose.
    const res = await t.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('client addresses without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so forging it does not escape the per-address limit', async () => {
    const direct = await createTestApp();
    try {
      for (let i = 1; i <= 10; i++) {
        const res = await direct.call(authEndpoints.login, {
          body: { email: `nobody${i}@example.com`, password: 'nope' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(res.status).toBe(401);
      }
      const eleventh = await direct.call(authEndpoints.login, {
        body: { email: 'nobody11@example.com', password: 'nope' },
        headers: { 'x-forwarded-for': '203.0.113.200' },
      });
      expect(eleventh.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
