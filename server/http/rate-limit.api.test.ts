import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import { fileEndpoints } from '../../contract/files.ts';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Security review: a general limit on API requests per signed-in user and per client address
 * (RATE_LIMIT_PER_MINUTE), answered with 429, `Retry-After` and the usual error body.
 */

let t: TestApp;
const webRoot = mkdtempSync(join(tmpdir(), 'nestmark-web-'));
beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Nestmark</title>');
  writeFileSync(join(webRoot, 'assets', 'editor-1a2b3c.js'), 'console.log(1)');
  t = await createTestApp({ config: { rateLimitPerMinute: 5, trustProxy: true }, webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const countedRows = async () =>
  Number(
    (await sql<{ n: number | string }>`select count(*) as n from rate_limit_counters`.execute(t.db))
      .rows[0]?.n,
  );

// The OpenAPI document, the web app's files and unknown paths are not endpoints of the contract:
// those requests go through t.request.

/** A refusal of the general limit: 429, its error body, and a Retry-After within the window. */
function expectRateLimited(response: {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\./) },
  });
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('the general rate limit', () => {
  it('answers a client address beyond the limit with 429, Retry-After and the error body', async () => {
    for (let i = 1; i <= 5; i++) {
      expect(
        (await t.request('GET', '/api/openapi.json', { headers: from('10.2.0.1') })).status,
      ).toBe(200);
    }
    expectRateLimited(await t.request('GET', '/api/openapi.json', { headers: from('10.2.0.1') }));
    // Another address is not held back.
    expect(
      (await t.request('GET', '/api/openapi.json', { headers: from('10.2.0.2') })).status,
    ).toBe(200);
  });

  it("leaves the web app's files and stored images alone: a screen's script chunk still loads", async () => {
    for (let i = 1; i <= 6; i++) {
      await t.request('GET', '/api/openapi.json', { headers: from('10.2.3.1') });
    }
    expect(
      (await t.request('GET', '/api/openapi.json', { headers: from('10.2.3.1') })).status,
    ).toBe(429);
    for (let i = 1; i <= 10; i++) {
      const chunk = await t.request('GET', '/assets/editor-1a2b3c.js', {
        headers: from('10.2.3.1'),
      });
      expect(chunk.status).toBe(200);
      expect((await t.request('GET', '/c/1', { headers: from('10.2.3.1') })).status).toBe(200);
      // A stored image is not counted either: this one reaches its route (400: not a name of ours).
      const image = await t.call(fileEndpoints.get, {
        params: { name: 'missing.webp' },
        headers: from('10.2.3.1'),
      });
      expect(image.status).toBe(400);
    }
  });

  it('counts a signed-in user across addresses, apart from the address they share', async () => {
    const user = await t.createUser();
    for (let i = 1; i <= 5; i++) {
      const res = await t.call(authEndpoints.me, {
        token: user.token,
        headers: from(`10.2.1.${i}`),
      });
      expect(res.status).toBe(200);
    }
    const limited = await t.call(authEndpoints.me, {
      token: user.token,
      headers: from('10.2.1.9'),
    });
    expect(limited.status).toBe(429);
    // Anonymous requests from the same address are counted apart.
    expect(
      (await t.request('GET', '/api/openapi.json', { headers: from('10.2.1.1') })).status,
    ).toBe(200);
  });

  it('is off with 0, as tests and benchmarks run', async () => {
    const unlimited = await createTestApp();
    try {
      for (let i = 1; i <= 30; i++) {
        expect((await unlimited.request('GET', '/api/nothing')).status).toBe(404);
      }
    } finally {
      await unlimited.close();
    }
  });

  it('counts in memory on SQLite (one process), in the database on PostgreSQL', async () => {
    await t.request('GET', '/api/openapi.json', { headers: from('10.2.4.1') });
    if (t.dialect === 'sqlite') expect(await countedRows()).toBe(0);
    else expect(await countedRows()).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.NESTMARK_TEST_DB === 'postgres')(
  'the general rate limit of two processes on one PostgreSQL database',
  () => {
    /** A second process: another app on the test app's database, configuration and clock. */
    let other: FastifyInstance;
    const logLines: string[] = [];
    beforeAll(async () => {
      other = await buildApp({
        config: { ...t.config, logLevel: 'error' },
        db: t.db,
        clock: t.clock,
        webRoot,
        logStream: { write: (line) => void logLines.push(line) },
        backgroundPreviews: false,
        backgroundCopies: false,
      });
    });
    afterAll(() => other.close());

    const viaOther = async (ip: string, token?: string) => {
      const response = await other.inject({
        method: 'GET',
        url: token ? '/api/auth/me' : '/api/openapi.json',
        headers: { ...from(ip), ...(token && { authorization: `Bearer ${token}` }) },
      });
      return { status: response.statusCode, headers: response.headers, body: response.json() };
    };

    it('refuses through one process what the other already counted', async () => {
      for (let i = 1; i <= 3; i++) {
        expect(
          (await t.request('GET', '/api/openapi.json', { headers: from('10.3.0.1') })).status,
        ).toBe(200);
      }
      expect((await viaOther('10.3.0.1')).status).toBe(200);
      expect((await viaOther('10.3.0.1')).status).toBe(200);
      expectRateLimited(await viaOther('10.3.0.1'));
      expect(
        (await t.request('GET', '/api/openapi.json', { headers: from('10.3.0.1') })).status,
      ).toBe(429);
    });

    it('counts a signed-in user in both processes', async () => {
      const user = await t.createUser();
      for (let i = 1; i <= 5; i++) {
        const res =
          i % 2 === 0
            ? await viaOther(`10.3.1.${i}`, user.token)
            : await t.call(authEndpoints.me, { token: user.token, headers: from(`10.3.1.${i}`) });
        expect(res.status).toBe(200);
      }
      expect((await viaOther('10.3.1.9', user.token)).status).toBe(429);
    });

    it('lets exactly the limit through when both processes count at once', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0
            ? viaOther('10.3.2.1').then((res) => res.status)
            : t
                .request('GET', '/api/openapi.json', { headers: from('10.3.2.1') })
                .then((res) => res.status),
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    });

    it('starts a new count in the next window and deletes the past ones', async () => {
      expect(await countedRows()).toBeGreaterThan(1);
      t.clock.advance(60_000);
      expect((await viaOther('10.3.0.1')).status).toBe(200);
      expect(
        (await t.request('GET', '/api/openapi.json', { headers: from('10.3.0.1') })).status,
      ).toBe(200);
      // Each process deleted the past windows with its first count in this one.
      expect(await countedRows()).toBe(1);
    });

    it('lets a request through, and logs, when its count cannot be written', async () => {
      await sql`alter table rate_limit_counters rename to rate_limit_counters_away`.execute(t.db);
      try {
        for (let i = 1; i <= 7; i++) expect((await viaOther('10.3.3.1')).status).toBe(200);
      } finally {
        await sql`alter table rate_limit_counters_away rename to rate_limit_counters`.execute(t.db);
      }
      expect(logLines.join('')).toContain('counting a request for the rate limit failed');
      expect((await viaOther('10.3.3.1')).status).toBe(200);
    });
  },
);

describe.runIf(process.env.NESTMARK_TEST_DB === 'postgres')(
  'the counts of processes on PostgreSQL, taken in blocks',
  () => {
    /** Two more processes with a limit of 40 a minute: blocks of 2. */
    const processes: FastifyInstance[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        processes.push(
          await buildApp({
            config: { ...t.config, rateLimitPerMinute: 40, logLevel: 'error' },
            db: t.db,
            clock: t.clock,
            webRoot,
            backgroundPreviews: false,
            backgroundCopies: false,
          }),
        );
      }
    });
    afterAll(() => Promise.all(processes.map((app) => app.close())));

    const via = async (index: number, ip: string) =>
      (
        await processes[index]!.inject({
          method: 'GET',
          url: '/api/openapi.json',
          headers: from(ip),
        })
      ).statusCode;
    const countOf = async (ip: string) =>
      Number(
        (
          await sql<{ count: number | string }>`
            select count from rate_limit_counters where key = ${`address:${ip}`}`.execute(t.db)
        ).rows[0]?.count,
      );

    it('takes a twentieth of the limit with each write', async () => {
      for (let i = 0; i < 3; i++) expect(await via(0, '10.4.0.1')).toBe(200);
      expect(await countOf('10.4.0.1')).toBe(4);
    });

    it('lets no more than the limit through across processes, and stops writing past it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push(await via(i % 2, '10.4.1.1'));
      expect(statuses.filter((status) => status === 200)).toHaveLength(40);
      expect(statuses.slice(40).every((status) => status === 429)).toBe(true);
      const counted = await countOf('10.4.1.1');
      for (let i = 0; i < 10; i++) expect(await via(i % 2, '10.4.1.1')).toBe(429);
      expect(await countOf('10.4.1.1')).toBe(counted);
    });
  },
);
