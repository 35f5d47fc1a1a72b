import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../test/test-app.ts';

/* A malformed multipart body is the client's mistake: 400 in the usual error shape, never 500. */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
});
afterAll(() => t.close());

const file = multipartFile(
  'bookmarks.html',
  Buffer.from('<DL><DT><A HREF="https://a.example/">a</A></DL>'),
);
const boundary = file.headers['content-type'];

const malformed: [string, { payload: Buffer | string; headers: Record<string, string> }][] = [
  ['no boundary', { payload: file.payload, headers: { 'content-type': 'multipart/form-data' } }],
  [
    'a body cut short',
    {
      payload: file.payload.subarray(0, file.payload.length - 30),
      headers: { 'content-type': boundary },
    },
  ],
  [
    'a part without headers',
    {
      payload: '------nestmark-test-boundary\r\n\r\n\r\nbytes',
      headers: { 'content-type': boundary },
    },
  ],
  ['an empty body', { payload: '', headers: { 'content-type': boundary } }],
];

async function rowCounts() {
  const count = async (table: 'files' | 'import_jobs' | 'posts' | 'collections') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    files: await count('files'),
    import_jobs: await count('import_jobs'),
    posts: await count('posts'),
    collections: await count('collections'),
  };
}

describe.each(['/api/files', '/api/imports', '/api/backups'])('POST %s', (url) => {
  it.each(malformed)('with %s is a 400 and writes nothing', async (_, body) => {
    const before = await rowCounts();
    const res = await t.request('POST', url, { token: user.token, ...body });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: 'VALIDATION', message: expect.any(String) },
    });
    expect(await rowCounts()).toEqual(before);
  });
});
