import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('describes the Bearer credentials each endpoint takes in /api/openapi.json', async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.components.securitySchemes).sort()).toEqual([
      'accessToken',
      'personalAccessToken',
      'shareToken',
    ]);
    expect(doc.body.components.securitySchemes.personalAccessToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'nm_…',
    });
    expect(doc.body.info.description).toContain('Authorization: Bearer nm_');
    const { paths } = doc.body;
    expect(paths['/api/posts'].get.security).toEqual([
      { accessToken: [] },
      { personalAccessToken: [] },
      { shareToken: [] },
    ]);
    expect(paths['/api/posts/check'].get.security).toEqual([
      { accessToken: [] },
      { personalAccessToken: [] },
    ]);
    expect(paths['/api/tokens'].post.security).toEqual([{ accessToken: [] }]);
    expect(paths['/api/health'].get.security).toBeUndefined();
    expect(Object.keys(paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the same document readable at /api/docs, every file from its own origin', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('<title>Nestmark API</title>');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\//);
      expect((await t.request('GET', asset)).status).toBe(200);
    }
    const json = await t.request('GET', '/api/docs/json');
    expect(json.body).toEqual((await t.request('GET', '/api/openapi.json')).body);
  });
});
