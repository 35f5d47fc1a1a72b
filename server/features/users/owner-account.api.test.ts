import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { authEndpoints } from '../../../contract/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_OWNER_EMAIL, ensureOwnerAccount } from './owner-account.ts';

let t: TestApp;
afterEach(() => t.close());

function logger() {
  return { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
  };
}

describe('ensureOwnerAccount', () => {
  it('creates the owner (255) from OWNER_EMAIL / OWNER_PASSWORD, who can sign in', async () => {
    t = await createTestApp();
    await ensureOwnerAccount(
      t.db,
      { email: 'Boss@Example.com', password: 'owner-pass' },
      logger(),
      t.clock,
    );
    const login = await t.call(authEndpoints.login, {
      body: { email: 'boss@example.com', password: 'owner-pass' },
    });
    expect(login.status).toBe(200);
    const me = await t.call(authEndpoints.me, { token: login.body.data.token.access_token });
    expect(me.body.data).toMatchObject({ email: 'boss@example.com', permission: 255 });
  });

  it('without them, creates admin@localhost with a random password written once to the log', async () => {
    t = await createTestApp();
    const log = logger();
    await ensureOwnerAccount(t.db, { email: undefined, password: undefined }, log, t.clock);
    const line = String(log.warn.mock.calls[0]?.[0]);
    const password = /password (\S+) /.exec(line)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const login = await t.call(authEndpoints.login, {
      body: { email: DEFAULT_OWNER_EMAIL, password },
    });
    expect(login.status).toBe(200);

    await ensureOwnerAccount(t.db, { email: undefined, password: undefined }, log, t.clock);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('creates one owner when processes start on the same empty database at once', async () => {
    t = await createTestApp();
    const logs = [logger(), logger()];
    const owner = { email: 'boss@example.com', password: 'owner-pass' };
    await Promise.all(logs.map((log) => ensureOwnerAccount(t.db, owner, log, t.clock)));
    expect(await t.db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'boss@example.com' },
    ]);
    expect(logs.flatMap((log) => log.info.mock.calls)).toHaveLength(1);
  });
});
