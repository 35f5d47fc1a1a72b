import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviewEndpoints } from '../../../contract/link-preview.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * Security review: the favicon cache tells which hosts were previewed, so only a signed-in user
 * or a share visitor may read it. Browsers load favicons with `<img>`, which sends no
 * Authorization header: the session cookie of the web app and a share token in `?token=` count.
 */

let t: TestApp;
let ada: TestUser;
let shareToken: string;
const host = 'previewed.example';

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createUser();
  const icon = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ff7700' },
  })
    .png()
    .toBuffer();
  await t.store.write('favicons', `${host}.png`, icon);
  const as = createAs(t, ada);
  const collection = await as.collection({ name: 'Shared' });
  shareToken = (await as.publicShare({ collection_id: collection.id })).token;
});
afterAll(() => t.close());

/** `token` is sent as Bearer, `queryToken` as `?token=`, `cookie` as the Cookie header. */
const favicon = (options: { token?: string; queryToken?: string; cookie?: string } = {}) =>
  t.call(linkPreviewEndpoints.favicon, {
    token: options.token,
    params: { host },
    query: { token: options.queryToken },
    ...(options.cookie && { headers: { cookie: options.cookie } }),
  });

describe('GET /api/favicons/{host} access', () => {
  it('answers 401 without credentials, and with a wrong or revoked token', async () => {
    const anonymous = await favicon();
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe('UNAUTHENTICATED');
    expect((await favicon({ queryToken: 'notarealsharetokennotarealsharetoken' })).status).toBe(
      401,
    );
    expect((await favicon({ cookie: 'token=garbage' })).status).toBe(401);
  });

  it('serves a signed-in user: by Bearer header or by the session cookie an <img> sends', async () => {
    expect((await favicon({ token: ada.token })).status).toBe(200);
    const byCookie = await favicon({
      cookie: `theme=dark; token=${encodeURIComponent(ada.token)}`,
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/png');
  });

  it('serves a share visitor by the share token in the query, as the public view asks', async () => {
    expect((await favicon({ queryToken: shareToken })).status).toBe(200);
  });

  it('does not take an access token from the query, where it would end up in logs', async () => {
    expect((await favicon({ queryToken: ada.token })).status).toBe(401);
  });
});
