import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints } from '../../contract/health.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'nestmark-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Nestmark</title>');
  writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'service-worker.js'), '// sw');
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

// The web app's pages and files and unknown paths are not endpoints of the contract: those
// requests go through t.request.
describe('the web app on the API port', () => {
  it('answers app URLs with index.html, revalidated (history fallback)', async () => {
    for (const url of ['/', '/c/5', '/p/12?token=abc', '/import/bookmarks']) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.text).toContain('<title>Nestmark</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.request('GET', '/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.request('GET', '/service-worker.js');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await t.request('GET', '/api/unknown');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await t.request('POST', '/c/5')).status).toBe(404);
  });

  it('answers health with 200', async () => {
    const res = await t.call(healthEndpoints.health);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { status: 'ok' } });
  });
});
