import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Security review: reset links (`/reset?email=…&token=…`) and share links (`/s?token=…`, and
 * `?token=` on any address) must not put their tokens into the server log.
 */

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('log each request with its path but without the tokens of its query', async () => {
    const secrets = ['ResetTokenThatMustNotBeLogged', 'ShareTokenThatMustNotBeLogged42'];
    // A page of the web app, and query parameters no endpoint declares: sent as written.
    await t.request('GET', `/reset?email=ada%40example.com&token=${secrets[0]}`);
    await t.request('GET', `/api/shares/public/me?token=${secrets[1]}&x=1`);
    await t.request('GET', `/api/favicons/example.org?access_token=${secrets[0]}`);
    const log = lines.join('');
    expect(log).toContain('/reset?');
    expect(log).toContain('/api/shares/public/me?');
    expect(log).toContain('x=1');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('token=%5BREDACTED%5D');
  });
});
