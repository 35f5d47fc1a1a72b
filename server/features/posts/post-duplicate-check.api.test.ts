import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenEndpoints } from '../../../contract/api-tokens.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { importFile } from '../../test/bookmark-imports.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/* The duplicate check, GET /api/posts/check (PRODUCT.md#duplicate-check). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = async (user: Pick<TestUser, 'token'>, url: string) => {
  const res = await t.call(postEndpoints.check, { token: user.token, query: { url } });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('duplicate check', () => {
  it.each([
    ['scheme and host in any case', 'https://example.com/a', 'HTTPS://EXAMPLE.com/a'],
    ['the default port', 'https://example.com/a', 'https://example.com:443/a'],
    ['a trailing slash', 'https://example.com/a/', 'https://example.com/a'],
    ['a fragment', 'https://example.com/a#intro', 'https://example.com/a'],
    [
      'utm_* parameters',
      'https://example.com/a?utm_source=x&utm_medium=y',
      'https://example.com/a',
    ],
    ['fbclid', 'https://example.com/a?id=1&fbclid=abc', 'https://example.com/a?id=1'],
    ['gclid', 'https://example.com/a?gclid=abc', 'https://example.com/a'],
    ['mc_cid and mc_eid', 'https://example.com/a?mc_cid=1&mc_eid=2', 'https://example.com/a'],
  ])('finds a saved URL across %s', async (_rule, saved, asked) => {
    const user = await t.createUser();
    const post = await createAs(t, user).post({ content: saved });
    expect(await check(user, asked)).toEqual([
      { id: post.id, title: saved, url: saved, collection_id: null, collection_name: null },
    ]);
  });

  it('tells other URLs apart: another path, query value, scheme or port', async () => {
    const user = await t.createUser();
    await createAs(t, user).post({ content: 'https://example.com/a?id=1' });
    for (const url of [
      'https://example.com/b?id=1',
      'https://example.com/a?id=2',
      'http://example.com/a?id=1',
      'https://example.com:8443/a?id=1',
      'not a url',
    ]) {
      expect(await check(user, url)).toEqual([]);
    }
  });

  it("answers the caller's live posts and those shared with them, with the collection's name", async () => {
    const user = await t.createUser();
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const url = 'https://example.com/shared-page';
    const reading = await createAs(t, user).collection({ name: 'Reading' });
    const mine = await createAs(t, user).post({ content: url, collection_id: reading.id });
    const shared = await createAs(t, owner).collection({ name: 'Team' });
    await createAs(t, owner).privateShare({
      collection_id: shared.id,
      user_id: user.id,
      permission: 4,
    });
    const theirs = await createAs(t, owner).post({ content: `${url}/`, collection_id: shared.id });
    await createAs(t, stranger).post({ content: url });
    const binned = await createAs(t, user).post({ content: url });
    expect(
      (await t.call(postEndpoints.delete, { token: user.token, params: { id: binned.id } })).status,
    ).toBe(204);

    expect(await check(user, url)).toEqual([
      {
        id: theirs.id,
        title: `${url}/`,
        url: `${url}/`,
        collection_id: shared.id,
        collection_name: 'Team',
      },
      { id: mine.id, title: url, url, collection_id: reading.id, collection_name: 'Reading' },
    ]);
    // The stranger sees only their own post.
    expect((await check(stranger, url)).map((post) => post.collection_id)).toEqual([null]);
  });

  it('follows an edited link', async () => {
    const user = await t.createUser();
    const post = await createAs(t, user).post({ content: 'https://example.com/old' });
    const edited = await t.call(postEndpoints.update, {
      token: user.token,
      params: { id: post.id },
      body: { content: 'https://example.com/new' },
    });
    expect(edited.status).toBe(200);
    expect(await check(user, 'https://example.com/old')).toEqual([]);
    expect((await check(user, 'https://example.com/new')).map((found) => found.id)).toEqual([
      post.id,
    ]);
  });

  it('finds imported bookmarks too', async () => {
    const user = await t.createUser();
    const file = Buffer.from(
      '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="https://example.com/imported/">x</A></DL>',
    );
    const job = await importFile(t, user, 'bookmarks.html', file);
    const found = await check(user, 'https://example.com/imported?utm_medium=mail');
    expect(found.map((post) => post.collection_id)).toEqual([job.summary.collection_id]);
  });

  it('works with a read-only access token', async () => {
    const user = await t.createUser();
    const post = await createAs(t, user).post({ content: 'https://example.com/token' });
    const created = await t.call(apiTokenEndpoints.create, {
      token: user.token,
      body: { name: 'extension', scope: 'read' },
    });
    const found = await check({ token: created.body.data.token }, 'https://example.com/token#x');
    expect(found.map((saved) => saved.id)).toEqual([post.id]);
  });

  it('refuses a missing or empty url with 400', async () => {
    const user = await t.createUser();
    for (const url of ['/api/posts/check', '/api/posts/check?url=%20']) {
      const res = await t.request('GET', url, { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('url');
    }
  });
});
