import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../test/test-app.ts';

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
  const created = await t.request('POST', '/api/collections', {
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

function expectValidation(response: { status: number; body: unknown }) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({
    error: { code: 'VALIDATION', message: expect.any(String) },
  });
}

describe('ids beyond a 32-bit integer', () => {
  it.each([
    ['GET', `/api/posts/${TOO_BIG}`],
    ['GET', `/api/collections/${TOO_BIG}`],
    ['GET', `/api/tags/${TOO_BIG}`],
    ['GET', `/api/users/${TOO_BIG}`],
    ['GET', `/api/imports/${TOO_BIG}`],
    ['DELETE', `/api/posts/${TOO_BIG}`],
    ['GET', `/api/posts?collection_id=${TOO_BIG}`],
    ['GET', `/api/posts?after_id=${TOO_BIG}`],
    ['GET', `/api/posts?tag_id=${TOO_BIG}`],
    ['GET', `/api/shares/public?collection_id=${TOO_BIG}`],
    ['GET', `/api/shares/private?collection_id=${TOO_BIG}`],
    ['GET', `/api/exports?collection_id=${TOO_BIG}`],
  ] as const)('%s %s is a 400', async (method, url) => {
    expectValidation(await t.request(method, url, { token: user.token }));
  });

  it.each([
    ['POST', '/api/posts', { content: 'note', collection_id: TOO_BIG }],
    ['POST', '/api/collections', { name: 'x', parent_id: TOO_BIG }],
    ['POST', '/api/shares/public', { collection_id: TOO_BIG }],
    ['POST', '/api/shares/private', { collection_id: TOO_BIG, user_id: 1 }],
  ] as const)(
    '%s %s with an id of 2^31 in the body is a 400 and writes nothing',
    async (method, url, body) => {
      const before = await rowCounts();
      expectValidation(await t.request(method, url, { token: user.token, body }));
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('refuses a post order or collection place beyond a 32-bit integer', async () => {
    const post = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'ordered', collection_id: collectionId },
    });
    expectValidation(
      await t.request('PATCH', `/api/posts/${post.body.data.id}`, {
        token: user.token,
        body: { order: TOO_BIG },
      }),
    );
    expectValidation(
      await t.request('PATCH', `/api/collections/${collectionId}`, {
        token: user.token,
        body: { local_order: TOO_BIG },
      }),
    );
  });

  it('still finds the largest id there can be: 2^31 - 1 is a 404', async () => {
    const response = await t.request('GET', `/api/posts/${TOO_BIG - 1}`, { token: user.token });
    expect(response.status).toBe(404);
  });
});

describe('text with a NUL character', () => {
  it('is refused in a body with 400 naming the field, and writes nothing', async () => {
    const before = await rowCounts();
    const response = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'before\u0000after', tag_names: ['ok', 'b\u0000d'] },
    });
    expectValidation(response);
    expect(Object.keys(response.body.error.fields)).toEqual(
      expect.arrayContaining(['content', 'tag_names.1']),
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('is refused at sign-in, in a query and in a path', async () => {
    expectValidation(
      await t.request('POST', '/api/auth/login', {
        body: { email: `${user.email}\u0000`, password: user.password },
      }),
    );
    expectValidation(
      await t.request('POST', '/api/auth/login', {
        body: { email: user.email, password: 'x\u0000' },
      }),
    );
    expectValidation(await t.request('GET', '/api/users?search=a%00b', { token: user.token }));
    expectValidation(await t.request('GET', '/api/posts?filter=a%00b', { token: user.token }));
    expectValidation(await t.request('GET', '/api/favicons/a%00b', { token: user.token }));
  });

  it('is refused in the name of an uploaded file', async () => {
    const before = await rowCounts();
    const file = multipartFile(
      'bad\u0000name.html',
      Buffer.from('<DL><DT><A HREF="https://example.com/">Example</A></DL>'),
    );
    expectValidation(
      await t.request('POST', '/api/imports', {
        token: user.token,
        payload: file.payload,
        headers: file.headers,
      }),
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('paths the router refuses', () => {
  it.each([
    ['not valid percent-encoded UTF-8', '/api/posts/%ED%A0%80'],
    ['with a parameter longer than the router takes', `/api/posts/${'1'.repeat(200)}`],
  ])('%s are a 400 in the usual shape', async (_, url) => {
    const response = await t.request('GET', url, { token: user.token });
    expectValidation(response);
  });
});
