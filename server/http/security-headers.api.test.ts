import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import { fileEndpoints, fileNameOf } from '../../contract/files.ts';
import { healthEndpoints } from '../../contract/health.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/*
 * Security review: every response carries the browser's protections (a strict Content Security
 * Policy, no framing, no sniffing, a referrer policy, a permissions policy); stored files keep
 * their own stricter policy; source maps are not served.
 */

let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'nestmark-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Nestmark</title>');
  writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js.map'), '{"sources":["secret.ts"]}');
  t = await createTestApp({ webRoot });
  ada = await t.createUser();
});
afterAll(() => t.close());

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

// Pages of the web app, its assets and unknown paths are not endpoints of the contract: those
// requests go through t.request.
describe('security headers', () => {
  it('give pages a strict Content-Security-Policy: scripts from the app only, no framing', async () => {
    for (const url of ['/', '/c/5']) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']));
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('mark every response nosniff, with a referrer policy and a permissions policy', async () => {
    const responses = {
      '/': await t.request('GET', '/'),
      '/api/health': await t.call(healthEndpoints.health),
      '/api/auth/me': await t.call(authEndpoints.me),
      '/api/nothing': await t.request('GET', '/api/nothing'),
    };
    for (const [url, res] of Object.entries(responses)) {
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
    }
  });

  it('leave stored files their own sandboxing policy', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const stored = await t.call(fileEndpoints.upload, {
      token: ada.token,
      file: { name: 'dot.png', bytes: png, contentType: 'image/png' },
    });
    expect(stored.status).toBe(201);
    const file = await t.call(fileEndpoints.get, {
      params: { name: fileNameOf(stored.body.data.path) },
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serve no source maps', async () => {
    expect((await t.request('GET', '/assets/app-1a2b3c.js')).status).toBe(200);
    const map = await t.request('GET', '/assets/app-1a2b3c.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('secret.ts');
  });

  it('the web app page has no inline script, so the policy needs no exception', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc=/);
      expect(body!.trim()).toBe('');
    }
  });
});
