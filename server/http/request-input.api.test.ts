import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import { bookmarksIoEndpoints } from '../../contract/bookmarks-io.ts';
import { collectionEndpoints } from '../../contract/collections.ts';
import { linkPreviewEndpoints } from '../../contract/link-preview.ts';
import { postEndpoints } from '../../contract/posts.ts';
import { shareEndpoints } from '../../contract/shares.ts';
import { tagEndpoints } from '../../contract/tags.ts';
import { userEndpoints } from '../../contract/users.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/*
 * Request input that both databases must answer alike (docs/API.md, request input): ids beyond a
 * 32-bit integer and text with a NUL character are refused with 400, never a 500 from the
 * database.
 */

let t: TestApp;
let user: TestUser;
let collectionId: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  const created = await t.call(collectionEndpoints.create, {
    token: user.token,
    body: { name: 'Reading' },
  });
  collectionId = created.body.data.id;
});
afterAll(() => t.close());

const TOO_BIG = 2 ** 31;

async function rowCounts() {
  const count = async (table: 'posts' | 'collections' | 'tags' | 'users' | 'import_jobs') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    posts: await count('posts'),
    collections: await count('collections'),
    tags: await count('tags'),
    users: await count('users'),
    import_jobs: await count('import_jobs'),
  };
}

/** A 400 with the error body (`t.call`'s answer or `t.request`'s). */
function expectValidation(response: { status: number; text: string }) {
  expect(response.status).toBe(400);
  expect(JSON.parse(response.text)).toMatchObject({
    error: { code: 'VALIDATION', message: expect.any(String) },
  });
}

describe('ids beyond a 32-bit integer', () => {
  const byId = { params: { id: TOO_BIG } };
  it.each([
    ['GET /api/posts/{id}', () => t.call(postEndpoints.get, { token: user.token, ...byId })],
    [
      'GET /api/collections/{id}',
      () => t.call(collectionEndpoints.get, { token: user.token, ...byId }),
    ],
    ['GET /api/tags/{id}', () => t.call(tagEndpoints.get, { token: user.token, ...byId })],
    ['GET /api/users/{id}', () => t.call(userEndpoints.get, { token: user.token, ...byId })],
    [
      'GET /api/imports/{id}',
      () => t.call(bookmarksIoEndpoints.importJob, { token: user.token, ...byId }),
    ],
    ['DELETE /api/posts/{id}', () => t.call(postEndpoints.delete, { token: user.token, ...byId })],
    [
      'GET /api/posts?collection_id',
      () => t.call(postEndpoints.list, { token: user.token, query: { collection_id: TOO_BIG } }),
    ],
    [
      'GET /api/posts?after_id',
      () => t.call(postEndpoints.list, { token: user.token, query: { after_id: TOO_BIG } }),
    ],
    [
      'GET /api/posts?tag_id',
      () => t.call(postEndpoints.list, { token: user.token, query: { tag_id: TOO_BIG } }),
    ],
    [
      'GET /api/shares/public?collection_id',
      () =>
        t.call(shareEndpoints.listPublic, { token: user.token, query: { collection_id: TOO_BIG } }),
    ],
    [
      'GET /api/shares/private?collection_id',
      () =>
        t.call(shareEndpoints.listPrivate, {
          token: user.token,
          query: { collection_id: TOO_BIG },
        }),
    ],
    [
      'GET /api/exports?collection_id',
      () =>
        t.call(bookmarksIoEndpoints.export, {
          token: user.token,
          query: { collection_id: TOO_BIG },
        }),
    ],
  ])('%s of 2^31 is a 400', async (_, call) => {
    expectValidation(await call());
  });

  it.each([
    [
      'POST /api/posts',
      () =>
        t.call(postEndpoints.create, {
          token: user.token,
          body: { content: 'note', collection_id: TOO_BIG },
        }),
    ],
    [
      'POST /api/collections',
      () =>
        t.call(collectionEndpoints.create, {
          token: user.token,
          body: { name: 'x', parent_id: TOO_BIG },
        }),
    ],
    [
      'POST /api/shares/public',
      () =>
        t.call(shareEndpoints.createPublic, {
          token: user.token,
          body: { collection_id: TOO_BIG },
        }),
    ],
    [
      'POST /api/shares/private',
      () =>
        t.call(shareEndpoints.createPrivate, {
          token: user.token,
          body: { collection_id: TOO_BIG, user_id: 1 },
        }),
    ],
  ])('%s with an id of 2^31 in the body is a 400 and writes nothing', async (_, call) => {
    const before = await rowCounts();
    expectValidation(await call());
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a post order or collection place beyond a 32-bit integer', async () => {
    const post = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: 'ordered', collection_id: collectionId },
    });
    expectValidation(
      await t.call(postEndpoints.update, {
        token: user.token,
        params: { id: post.body.data.id },
        body: { order: TOO_BIG },
      }),
    );
    expectValidation(
      await t.call(collectionEndpoints.update, {
        token: user.token,
        params: { id: collectionId },
        body: { local_order: TOO_BIG },
      }),
    );
  });

  it('still finds the largest id there can be: 2^31 - 1 is a 404', async () => {
    const response = await t.call(postEndpoints.get, {
      token: user.token,
      params: { id: TOO_BIG - 1 },
    });
    expect(response.status).toBe(404);
  });
});

describe('text with a NUL character', () => {
  it('is refused in a body with 400 naming the field, and writes nothing', async () => {
    const before = await rowCounts();
    const response = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: 'before\u0000after', tag_names: ['ok', 'b\u0000d'] },
    });
    expectValidation(response);
    expect(Object.keys(response.error?.fields ?? {})).toEqual(
      expect.arrayContaining(['content', 'tag_names.1']),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('is refused at sign-in, in a query and in a path', async () => {
    expectValidation(
      await t.call(authEndpoints.login, {
        body: { email: `${user.email}\u0000`, password: user.password },
      }),
    );
    expectValidation(
      await t.call(authEndpoints.login, { body: { email: user.email, password: 'x\u0000' } }),
    );
    // Sent as `?search=a%00b`, `?filter=a%00b` and `/api/favicons/a%00b`.
    expectValidation(
      await t.call(userEndpoints.list, { token: user.token, query: { search: 'a\u0000b' } }),
    );
    expectValidation(
      await t.call(postEndpoints.list, { token: user.token, query: { filter: 'a\u0000b' } }),
    );
    expectValidation(
      await t.call(linkPreviewEndpoints.favicon, {
        token: user.token,
        params: { host: 'a\u0000b' },
      }),
    );
  });

  it('is refused in the name of an uploaded file', async () => {
    const before = await rowCounts();
    expectValidation(
      await t.call(bookmarksIoEndpoints.import, {
        token: user.token,
        file: {
          name: 'bad\u0000name.html',
          bytes: Buffer.from('<DL><DT><A HREF="https://example.com/">Example</A></DL>'),
        },
      }),
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('paths the router refuses', () => {
  it.each([
    [
      'not valid percent-encoded UTF-8',
      // A lone surrogate, which t.call cannot encode: the path as written.
      () => t.request('GET', '/api/posts/%ED%A0%80', { token: user.token }),
    ],
    [
      'with a parameter longer than the router takes',
      () => t.call(postEndpoints.get, { token: user.token, params: { id: '1'.repeat(200) } }),
    ],
  ])('%s are a 400 in the usual shape', async (_, call) => {
    expectValidation(await call());
  });
});
