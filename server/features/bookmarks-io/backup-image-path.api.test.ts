import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints, type AccountBackup } from '../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * A backup's `image_path` is only ever the path of a file Nestmark serves (`/api/files/<name>`):
 * anything else could make browsers load images from another host (`/\host/x` is `//host/x` to
 * a browser).
 */

let t: TestApp;
let backup: AccountBackup;
beforeAll(async () => {
  t = await createTestApp();
  const source = await t.createUser();
  const post = await t.call(postEndpoints.create, {
    token: source.token,
    body: { content: 'a note' },
  });
  expect(post.status).toBe(201);
  backup = JSON.parse((await t.call(bookmarksIoEndpoints.backup, { token: source.token })).text);
});

/** `POST /api/backups` of `edited` as `user`. */
function restoreBackup(user: TestUser, edited: AccountBackup) {
  return t.call(bookmarksIoEndpoints.restore, {
    token: user.token,
    file: { name: 'backup.json', bytes: Buffer.from(JSON.stringify(edited)) },
  });
}
afterAll(() => t.close());

function restore(user: TestUser, imagePath: string) {
  const edited = {
    ...backup,
    posts: backup.posts.map((post) => ({ ...post, image_path: imagePath })),
  };
  return restoreBackup(user, edited);
}

describe('restoring a backup', () => {
  it.each([
    '/\\evil.example/x.png',
    '//evil.example/x.png',
    '/\\/evil.example/x.png',
    'https://evil.example/x.png',
    '/api/files/../../evil.png',
    '/elsewhere/AbCdEfGhIjKlMnOpQr_-12.webp',
  ])('refuses an image_path of %s with 422, writing nothing', async (path) => {
    const user = await t.createUser();
    const res = await restore(user, path);
    expect(res.status, res.text).toBe(422);
    expect(res.error?.code).toBe('UNPROCESSABLE');
    const posts = await t.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(posts).toEqual([]);
  });

  it('refuses an order beyond a 32-bit integer with 422, writing nothing', async () => {
    const user = await t.createUser();
    const edited = { ...backup, posts: backup.posts.map((post) => ({ ...post, order: 2 ** 31 })) };
    const res = await restoreBackup(user, edited);
    expect(res.status, res.text).toBe(422);
    const posts = await t.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(posts).toEqual([]);
  });

  it('takes the path of a stored file', async () => {
    const user = await t.createUser();
    const res = await restore(user, '/api/files/AbCdEfGhIjKlMnOpQr_-12.webp');
    expect(res.status, res.text).toBe(201);
  });
});
