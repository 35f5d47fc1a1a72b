import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEndpoints, fileNameOf } from '../../../contract/files.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { userEndpoints } from '../../../contract/users.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createRecycleBinService } from '../recycle-bin/recycle-bin.service.ts';
import { createFilesService } from './files.service.ts';

/*
 * Stored images leave with what used them (docs/API.md, files): when a post is deleted for good
 * (recycle bin cleared, or purged after TRASH_DAYS) its thumbnail and the uploads only it used are
 * no longer served, and neither are a deleted user's.
 */

let t: TestApp;
let files: ReturnType<typeof createFilesService>;
beforeAll(async () => {
  t = await createTestApp();
  files = createFilesService({
    db: t.db,
    clock: t.clock,
    store: t.store,
    uploadMaxBytes: t.config.uploadMaxBytes,
    log: () => undefined,
  });
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 20, height: 10, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

async function uploaded(user: TestUser): Promise<string> {
  const res = await t.call(fileEndpoints.upload, {
    token: user.token,
    file: { name: 'image.png', bytes: await png(), contentType: 'image/png' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.path;
}

/** A post showing the upload `image`, and a link post with a thumbnail. @returns both paths */
async function postsWithImages(user: TestUser, image: string) {
  const as = createAs(t, user);
  const note = await as.post({ content: `<p>look</p><img src="${image}">` });
  const link = await as.post({ content: 'https://example.com/page' });
  const thumbnail = await files.saveThumbnail({ id: link.id, user_id: user.id }, await png());
  await t.db
    .updateTable('posts')
    .set({ image_path: thumbnail })
    .where('id', '=', link.id)
    .execute();
  return { postIds: [note.id, link.id], thumbnail };
}

async function moveToRecycleBin(user: TestUser, postIds: number[]) {
  for (const id of postIds) {
    expect((await t.call(postEndpoints.delete, { token: user.token, params: { id } })).status).toBe(
      204,
    );
  }
}

/** The status of `GET /api/files/{name}` for a stored file's path (`/api/files/<name>`). */
const served = async (path: string) =>
  (await t.call(fileEndpoints.get, { params: { name: fileNameOf(path) } })).status;
const stored = async (path: string) => (await t.store.list('files')).includes(fileNameOf(path));

describe('files of posts deleted for good', () => {
  it('go when the recycle bin is cleared; an upload another post shows stays', async () => {
    const user = await t.createUser();
    const image = await uploaded(user);
    const shared = await uploaded(user);
    const { postIds, thumbnail } = await postsWithImages(user, image);
    const keeper = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: `<img src="${shared}">` },
    });
    expect(keeper.status).toBe(201);
    const binned = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: `<img src="${shared}">` },
    });
    await moveToRecycleBin(user, [...postIds, binned.body.data.id]);
    expect(await served(image)).toBe(200);

    const cleared = await t.call(postEndpoints.clearRecycleBin, {
      token: user.token,
      query: { is_trashed: '1' },
    });
    expect(cleared.status).toBe(204);
    expect(await served(image)).toBe(404);
    expect(await served(thumbnail)).toBe(404);
    expect(await stored(image)).toBe(false);
    expect(await served(shared)).toBe(200);
    const rows = await t.db
      .selectFrom('files')
      .select('name')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => `/api/files/${row.name}`)).toEqual([shared]);
  });

  it('go when the recycle bin is purged after TRASH_DAYS', async () => {
    const user = await t.createUser();
    const image = await uploaded(user);
    const { postIds, thumbnail } = await postsWithImages(user, image);
    await moveToRecycleBin(user, postIds);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const purged = await createRecycleBinService({
      db: t.db,
      clock: t.clock,
      files,
      // Page copies have their own test (page-copies.api.test.ts).
      pageCopies: { removeSnapshots: async () => {} },
    }).purgeOlderThan(30);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await served(image)).toBe(404);
    expect(await served(thumbnail)).toBe(404);
  });
});

describe('files of a deleted user', () => {
  it('go with the user', async () => {
    const owner = await t.createUser({ permission: 255 });
    const user = await t.createUser();
    const image = await uploaded(user);
    const unused = await uploaded(user);
    const { thumbnail } = await postsWithImages(user, image);
    const deleted = await t.call(userEndpoints.delete, {
      token: owner.token,
      params: { id: user.id },
    });
    expect(deleted.status, deleted.text).toBe(204);
    for (const path of [image, unused, thumbnail]) {
      expect(await served(path)).toBe(404);
      expect(await stored(path)).toBe(false);
    }
  });
});
