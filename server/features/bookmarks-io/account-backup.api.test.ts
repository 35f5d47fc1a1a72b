import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints, type AccountBackup } from '../../../contract/bookmarks-io.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { fileEndpoints, fileNameOf } from '../../../contract/files.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import type { Db } from '../../db/database.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { importFile } from '../../test/bookmark-imports.ts';
import { corpusBookmarkFile } from '../../test/corpus.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { createTestApp, type CallInput, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createGuardedFetcher } from '../link-preview/guarded-fetcher.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function restore(app: TestApp, user: TestUser, bytes: Buffer) {
  return app.call(bookmarksIoEndpoints.restore, {
    token: user.token,
    file: { name: 'backup.json', bytes },
  });
}

function backupOf(app: TestApp, user: TestUser) {
  return app.call(bookmarksIoEndpoints.backup, { token: user.token });
}

/** `GET /api/files/{name}` of a stored file's path (`/api/files/<name>`). */
function getFile(app: TestApp, path: string) {
  return app.call(fileEndpoints.get, { params: { name: fileNameOf(path) } });
}

/**
 * An account with everything a backup carries: nested collections with icons, link and text
 * posts with rich HTML, tags (one unused), a post in the recycle bin, Uncategorized posts, an
 * imported bookmark file, a public share and a private share of its collections, and a share it
 * received from someone else (which points outside it).
 */
let accounts = 0;
async function richAccount() {
  accounts += 1;
  const shareToken = `Vq3Lx8Rk2Tz7Nw5Pc9Hb4Ym6Df1Gs0Ja${accounts}`;
  const user = await t.createUser();
  const member = await t.createUser();
  const neighbour = await t.createUser();
  const asNeighbour = createAs(t, neighbour);
  const mine = createAs(t, user);
  const top = await mine.collection({ name: 'Top', icon_id: 101 });
  const child = await mine.collection({ name: 'Child', parent_id: top.id });
  const grandchild = await mine.collection({ name: 'Grandchild', parent_id: child.id });
  await mine.collection({ name: 'Second' });
  await mine.post({
    content: 'https://example.com/a?b=1&c=2',
    title: 'A link',
    description: 'Its description',
    collection_id: top.id,
    tag_names: ['Reading', 'later'],
  });
  await mine.post({
    content:
      '<h2>Plan</h2><ul data-type="taskList"><li data-type="taskItem" data-checked="true">done</li></ul><pre><code class="language-js">x &lt; 1</code></pre>',
    title: 'A note',
    collection_id: grandchild.id,
    tag_names: ['later'],
  });
  const binned = await mine.post({ content: 'https://binned.example/', collection_id: child.id });
  expect(
    (await t.call(postEndpoints.delete, { token: user.token, params: { id: binned.id } })).status,
  ).toBe(204);
  const untagged = await mine.post({ content: 'loose text', tag_names: ['unused'] });
  await t.call(postEndpoints.update, {
    token: user.token,
    params: { id: untagged.id },
    body: { tag_names: [] },
  });
  await mine.post({ content: 'https://loose.example/' });
  await importFile(
    t,
    user,
    'nested.html',
    readFileSync(corpusBookmarkFile('markio/nested_bookmarks.html')),
  );
  await mine.publicShare({ collection_id: top.id, token: shareToken, include_descendants: true });
  await mine.privateShare({ collection_id: child.id, user_id: member.id, permission: 4 });
  const theirs = await asNeighbour.collection({ name: 'Theirs' });
  await asNeighbour.privateShare({ collection_id: theirs.id, user_id: user.id });
  return { user, member, shareToken };
}

/**
 * Everything a user owns, with ids replaced by what identifies a row within an account: a
 * collection by its path of sibling places (`1/2`), a post by its fields, a tag by its name.
 */
async function dump(db: Db, userId: number) {
  const collections = await db
    .selectFrom('collections')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const byId = new Map(collections.map((row) => [row.id, row]));
  const keyOf = (id: number | null): string | null => {
    if (id === null) return null;
    const row = byId.get(id)!;
    const parent = keyOf(row.parent_id);
    return parent === null ? String(row.local_order) : `${parent}/${row.local_order}`;
  };
  const posts = await db.selectFrom('posts').selectAll().where('user_id', '=', userId).execute();
  const tags = await db.selectFrom('tags').selectAll().where('user_id', '=', userId).execute();
  const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
  const links = posts.length
    ? await db
        .selectFrom('post_tags')
        .selectAll()
        .where(
          'post_id',
          'in',
          posts.map((post) => post.id),
        )
        .execute()
    : [];
  const ids = collections.map((row) => row.id);
  const publicShares = ids.length
    ? await db.selectFrom('public_shares').selectAll().where('collection_id', 'in', ids).execute()
    : [];
  const privateShares = ids.length
    ? await db.selectFrom('private_shares').selectAll().where('collection_id', 'in', ids).execute()
    : [];
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    collections: sorted(
      collections.map(({ id, user_id: _user, parent_id, ...row }) => ({
        key: keyOf(id),
        parent: keyOf(parent_id),
        ...row,
      })),
    ),
    posts: sorted(
      posts.map(({ id, user_id: _user, collection_id, ...row }) => ({
        collection: keyOf(collection_id),
        ...row,
        tags: links
          .filter((link) => link.post_id === id)
          .map((link) => tagName.get(link.tag_id))
          .sort(),
      })),
    ),
    tags: sorted(tags.map(({ id: _id, user_id: _user, ...row }) => row)),
    publicShares: sorted(
      publicShares.map(({ id: _id, collection_id, created_by: _by, ...row }) => ({
        collection: keyOf(collection_id),
        ...row,
      })),
    ),
    privateShares: sorted(
      privateShares.map(({ id: _id, collection_id, created_by: _by, ...row }) => ({
        collection: keyOf(collection_id),
        ...row,
      })),
    ),
  };
}

describe('GET /api/backups and POST /api/backups', () => {
  it('backs up an account and restores it into a fresh one, row for row', async () => {
    const { user, member } = await richAccount();
    const res = await backupOf(t, user);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="nestmark-backup-2026-01-15.json"',
    );
    const backup = JSON.parse(res.text) as AccountBackup;
    expect(backup).toMatchObject({
      format: 'nestmark-backup',
      version: 2,
      account: { email: user.email },
      files: [],
      // Its links' copies were never made (automatic copies need a preview first).
      page_copies: [],
    });
    // A post in the recycle bin carries the format's key for it, `archived_at`.
    expect(
      backup.posts.filter((post) => post.archived_at !== null).map((post) => post.url),
    ).toEqual(['https://binned.example/']);
    expect(backup.posts.filter((post) => 'binned_at' in post)).toEqual([]);
    // Only shares of the account's own collections: not the one it received.
    expect(backup.private_shares).toEqual([
      expect.objectContaining({ member_email: member.email, permission: 4 }),
    ]);

    const fresh = await t.createUser();
    const restored = await restore(t, fresh, Buffer.from(res.text));
    expect(restored.status, restored.text).toBe(201);
    expect(restored.body.data).toEqual({
      collections: backup.collections.length,
      posts: backup.posts.length,
      tags: backup.tags.length,
      public_shares: 1,
      // The original account still holds its token on this server.
      public_shares_renewed: 1,
      private_shares: 1,
      private_shares_dropped: 0,
      page_copies: 0,
      page_copies_skipped: 0,
    });

    const original = await dump(t.db, user.id);
    const copy = await dump(t.db, fresh.id);
    expect(copy.collections).toEqual(original.collections);
    expect(copy.posts).toEqual(original.posts);
    expect(copy.tags).toEqual(original.tags);
    expect(copy.privateShares).toEqual(original.privateShares);
    const withoutToken = (rows: string[]) =>
      rows.map((row) => ({ ...JSON.parse(row), token: undefined }));
    expect(withoutToken(copy.publicShares)).toEqual(withoutToken(original.publicShares));
    expect(copy.publicShares).not.toEqual(original.publicShares);
    expect(original.posts.length).toBeGreaterThan(10);
  });

  it('keeps share tokens on another server, and leaves out members who have no account there', async () => {
    const { user, shareToken } = await richAccount();
    const backup = (await backupOf(t, user)).text;
    const elsewhere = await createTestApp();
    try {
      const owner = await elsewhere.createUser();
      const res = await restore(elsewhere, owner, Buffer.from(backup));
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({
        public_shares: 1,
        public_shares_renewed: 0,
        private_shares: 0,
        private_shares_dropped: 1,
      });
      const share = await elsewhere.call(shareEndpoints.me, { token: shareToken });
      expect(share.status).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('409 into an account that is not empty, and writes nothing', async () => {
    const { user } = await richAccount();
    const backup = Buffer.from((await backupOf(t, user)).text);
    const before = await dump(t.db, user.id);
    const res = await restore(t, user, backup);
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'CONFLICT' });
    expect(res.error?.message).toMatch(/empty account/);
    expect(await dump(t.db, user.id)).toEqual(before);

    const onlyATag = await t.createUser();
    await createAs(t, onlyATag).post({ content: 'x', tag_names: ['kept'] });
    const binned = (await t.call(postEndpoints.list, { token: onlyATag.token })).body.data[0]!;
    await t.call(postEndpoints.delete, { token: onlyATag.token, params: { id: binned.id } });
    expect((await restore(t, onlyATag, backup)).status).toBe(409);
  });

  it('422 for files that are not valid backups, naming the problem, and writes nothing', async () => {
    const user = await t.createUser();
    const base: AccountBackup = {
      format: 'nestmark-backup',
      version: 1,
      exported_at: '2026-01-15T10:00:00.000Z',
      account: { name: 'A', email: 'a@example.com', theme: 'default' },
      collections: [
        {
          id: 1,
          parent_id: null,
          name: 'One',
          icon_id: null,
          local_order: 1,
          created_at: '2026-01-15T10:00:00.000Z',
          updated_at: '2026-01-15T10:00:00.000Z',
        },
      ],
      tags: [],
      posts: [],
      public_shares: [],
      private_shares: [],
      files: [],
    };
    const post = {
      id: 1,
      collection_id: 1,
      type: 'text' as const,
      title: null,
      content: '<p>x</p>',
      url: null,
      base_url: null,
      description: null,
      color: null,
      image_path: null,
      order: 1,
      archived_at: null,
      preview_status: null,
      created_at: '2026-01-15T10:00:00.000Z',
      updated_at: '2026-01-15T10:00:00.000Z',
      tag_ids: [],
    };
    const cases: [string, string, RegExp][] = [
      ['not JSON', '<html>', /not JSON/],
      ['other JSON', '{"roots": {}}', /not a Nestmark backup/],
      ['newer', JSON.stringify({ ...base, version: 3 }), /newer version of Nestmark \(format 3\)/],
      [
        'bad field',
        JSON.stringify({ ...base, collections: [{ ...base.collections[0], name: '' }] }),
        /collections\.0\.name/,
      ],
      [
        'missing parent',
        JSON.stringify({ ...base, collections: [{ ...base.collections[0], parent_id: 7 }] }),
        /refers to collection 7/,
      ],
      [
        'loop',
        JSON.stringify({
          ...base,
          collections: [
            { ...base.collections[0], id: 1, parent_id: 2 },
            { ...base.collections[0], id: 2, parent_id: 1 },
          ],
        }),
        /do not form a tree/,
      ],
      [
        'missing tag',
        JSON.stringify({ ...base, posts: [{ ...post, tag_ids: [9] }] }),
        /refers to tag 9/,
      ],
      [
        'foreign image',
        JSON.stringify({
          ...base,
          posts: [{ ...post, image_path: 'https://tracker.example/x.png' }],
        }),
        /image_path/,
      ],
      [
        'file path',
        JSON.stringify({
          ...base,
          files: [{ path: '/files/a.png', content_type: 'image/png', data: 'aGk=' }],
        }),
        /files\.0\.path: is not the path of a stored file/,
      ],
    ];
    for (const [name, text, message] of cases) {
      const res = await restore(t, user, Buffer.from(text));
      expect(res.status, name).toBe(422);
      expect(res.error?.code, name).toBe('UNPROCESSABLE');
      expect(res.error?.message, name).toMatch(message);
    }
    expect(await dump(t.db, user.id)).toEqual(await dump(t.db, -1));

    // Valid, with hostile HTML: restored, and sanitized like any write of content.
    const hostile = {
      ...base,
      posts: [{ ...post, content: '<p onclick="x()">hi<script>alert(1)</script></p>' }],
    };
    const res = await restore(t, user, Buffer.from(JSON.stringify(hostile)));
    expect(res.status).toBe(201);
    const [stored] = await t.db
      .selectFrom('posts')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored!.content).toBe('<p>hi</p>');
  });

  it('numbers each restored list densely, 1..n by the backup’s order and then its id, whatever orders it gives', async () => {
    const user = await t.createUser();
    const stamp = '2026-01-15T10:00:00.000Z';
    const post = (id: number, order: number, fields: Record<string, unknown> = {}) => ({
      id,
      collection_id: 1,
      type: 'text' as const,
      title: `Post ${id}`,
      content: `<p>${id}</p>`,
      url: null,
      base_url: null,
      description: null,
      color: null,
      image_path: null,
      order,
      archived_at: null,
      preview_status: null,
      created_at: stamp,
      updated_at: stamp,
      tag_ids: [],
      ...fields,
    });
    const backup: AccountBackup = {
      format: 'nestmark-backup',
      version: 1,
      exported_at: stamp,
      account: { name: 'A', email: 'a@example.com', theme: 'default' },
      collections: [
        {
          id: 1,
          parent_id: null,
          name: 'One',
          icon_id: null,
          local_order: 1,
          created_at: stamp,
          updated_at: stamp,
        },
      ],
      tags: [],
      posts: [
        // One collection: all 7, one 8 and one 1, and a post in the recycle bin.
        post(10, 7),
        post(11, 7),
        post(12, 8),
        post(13, 1),
        post(14, 7, { archived_at: stamp }),
        // Uncategorized: all 7.
        post(20, 7, { collection_id: null }),
        post(21, 7, { collection_id: null }),
        post(22, 7, { collection_id: null }),
      ],
      public_shares: [],
      private_shares: [],
      files: [],
    };
    const res = await restore(t, user, Buffer.from(JSON.stringify(backup)));
    expect(res.status, res.text).toBe(201);
    const listing = (await t.call(collectionEndpoints.list, { token: user.token })).body.data;
    if (!Array.isArray(listing)) throw new Error('Without withShared the listing is a list.');
    const collectionId = listing[0]!.id;
    const list = async (query: CallInput<typeof postEndpoints.list>['query']) =>
      (await t.call(postEndpoints.list, { token: user.token, query })).body.data.map(
        (shown) => `${shown.title}: ${shown.order}`,
      );
    expect(await list({ collection_id: collectionId })).toEqual([
      'Post 12: 4',
      'Post 11: 3',
      'Post 10: 2',
      'Post 13: 1',
    ]);
    expect(await list({ is_uncategorized: '1' })).toEqual([
      'Post 22: 3',
      'Post 21: 2',
      'Post 20: 1',
    ]);
    // The post in the recycle bin keeps its number: its old place.
    expect(await list({ is_archived: true })).toEqual(['Post 14: 7']);
  });

  it('401 without a token', async () => {
    expect((await t.call(bookmarksIoEndpoints.backup)).status).toBe(401);
    expect(
      (
        await t.call(bookmarksIoEndpoints.restore, {
          file: { name: 'b.json', bytes: Buffer.from('{}') },
        })
      ).status,
    ).toBe(401);
  });
});

/** A small image made by sharp: `format` encoded, `noise` makes it incompressible (large). */
async function image(format: 'png' | 'jpeg', size = 24, noise = false): Promise<Buffer> {
  const base = noise
    ? sharp(
        Buffer.from(Array.from({ length: size * size * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: size, height: size, channels: 3 },
        },
      )
    : sharp({ create: { width: size, height: size, channels: 3, background: '#2266aa' } });
  return format === 'png' ? base.png().toBuffer() : base.jpeg().toBuffer();
}

async function uploadImage(app: TestApp, user: TestUser, bytes: Buffer): Promise<string> {
  const res = await app.call(fileEndpoints.upload, {
    token: user.token,
    file: { name: 'picture', bytes, contentType: 'image/png' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.path;
}

/**
 * The names of the stored files: on the disk file store, every name in DATA_DIR/files, temporary
 * files included; on the database file store, the files it holds.
 */
async function storedNames(app: TestApp): Promise<string[]> {
  if (app.config.fileStore === 'database') return (await app.store.list('files')).sort();
  try {
    return readdirSync(join(app.config.dataDir, 'files')).sort();
  } catch {
    return [];
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The account of {@link dump} with every stored-file path replaced by what the server answers
 * for it (`<content type> <sha256 of the bytes>`, or `missing`), and its files rows (kind, the
 * post a thumbnail belongs to by title, type, size, bytes): equal when references lead to the
 * same images, whatever their names. `preview_attempts` is left out.
 */
async function dumpWithImages(app: TestApp, userId: number) {
  const served = new Map<string, string>();
  for (const row of await app.db
    .selectFrom('posts')
    .select(['content', 'image_path'])
    .where('user_id', '=', userId)
    .execute()) {
    for (const path of `${row.content} ${row.image_path}`.match(/\/api\/files\/[\w-]+\.\w+/g) ??
      []) {
      const res = await getFile(app, path);
      served.set(
        path,
        res.status === 200
          ? `${String(res.headers['content-type'])} ${sha256(res.bytes)}`
          : 'missing',
      );
    }
  }
  const label = (row: string) =>
    row.replace(/\/api\/files\/[\w-]+\.\w+/g, (path) => served.get(path)!);
  const account = await dump(app.db, userId);
  const files = await app.db
    .selectFrom('files')
    .leftJoin('posts', 'posts.id', 'files.post_id')
    .select(['files.name', 'files.kind', 'posts.title', 'files.content_type', 'files.byte_size'])
    .where('files.user_id', '=', userId)
    .execute();
  return {
    ...account,
    // How often the preview worker tried a post is its bookkeeping, not the account's data.
    posts: account.posts
      .map((row) => label(JSON.stringify({ ...JSON.parse(row), preview_attempts: 0 })))
      .sort(),
    files: (
      await Promise.all(
        files.map(async ({ name, ...row }) =>
          JSON.stringify({ ...row, bytes: sha256((await app.store.read('files', name))!) }),
        ),
      )
    ).sort(),
  };
}

describe('images in backups', () => {
  let pages: LocalServer;
  let cover: Buffer;
  beforeAll(async () => {
    cover = await image('png', 300);
    pages = await startLocalServer((request: IncomingMessage, response: ServerResponse) => {
      if (request.url === '/cover.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<title>With a cover</title><meta property="og:image" content="/cover.png">');
      }
    });
  });
  afterAll(() => pages.close());

  it('carries the images posts refer to, and a restore on another server stores them under new names and re-links every post', async () => {
    const fetcher = createGuardedFetcher({
      allowAddress: (address, port) => address === '127.0.0.1' && port === pages.port,
    });
    const source = await createTestApp({ fetcher });
    const target = await createTestApp();
    try {
      const user = await source.createUser();
      const png = await image('png');
      const jpeg = await image('jpeg', 40);
      const pngPath = await uploadImage(source, user, png);
      const jpegPath = await uploadImage(source, user, jpeg);
      const unusedPath = await uploadImage(source, user, await image('png', 30));
      const brokenPath = '/api/files/NoSuchFileOnAnyServer00.png';
      const note = await createAs(source, user).post({
        title: 'Note with pictures',
        content: `<p>Look:</p><img src="${pngPath}" alt="one"><p><img src="${jpegPath}"> and <a href="${pngPath}">the first</a>, <img src="${brokenPath}"></p>`,
      });
      // No endpoint sets image_path to an upload; a post may still show one (e.g. from an older version).
      await source.db
        .updateTable('posts')
        .set({ image_path: pngPath })
        .where('id', '=', note.id)
        .execute();
      const link = await createAs(source, user).post({ content: `${pages.origin}/page` });
      expect(await source.app.previews.drain()).toBe(1);
      const thumbnailPath = (
        await source.call(postEndpoints.get, { token: user.token, params: { id: link.id } })
      ).body.data.image_path;
      expect(thumbnailPath).toMatch(/^\/api\/files\/[\w-]+\.webp$/);

      const res = await backupOf(source, user);
      expect(res.status).toBe(200);
      const backup = JSON.parse(res.text) as AccountBackup;
      // Referenced images only, each with the bytes and type the server serves.
      expect(backup.files.map((file) => file.path).sort()).toEqual(
        [pngPath, jpegPath, thumbnailPath].sort(),
      );
      expect(backup.files.map((file) => file.path)).not.toContain(unusedPath);
      for (const file of backup.files) {
        const served = await getFile(source, file.path);
        expect(Buffer.from(file.data, 'base64').equals(served.bytes), file.path).toBe(true);
        expect(file.content_type).toBe(served.headers['content-type']);
      }

      const fresh = await target.createUser();
      const restored = await restore(target, fresh, Buffer.from(res.text));
      expect(restored.status, restored.text).toBe(201);

      // Row for row, with references compared by the image they lead to.
      const original = await dumpWithImages(source, user.id);
      const copy = await dumpWithImages(target, fresh.id);
      expect(copy.posts).toEqual(original.posts);
      expect(copy.collections).toEqual(original.collections);
      expect(copy.tags).toEqual(original.tags);
      const unused = sha256((await source.store.read('files', unusedPath.split('/').pop()!))!);
      expect(copy.files).toEqual(original.files.filter((row) => !row.includes(unused)));
      expect(copy.posts.join()).toContain('image/jpeg');
      expect(copy.posts.join()).toContain('missing');
      expect(copy.files.join()).toContain('"kind":"thumbnail","title":"With a cover"');

      // New names: no path of the source survives, except the broken one, kept as it was.
      const [copyNote] = await target.db
        .selectFrom('posts')
        .selectAll()
        .where('user_id', '=', fresh.id)
        .where('type', '=', 'text')
        .execute();
      for (const path of [pngPath, jpegPath, thumbnailPath])
        expect(copyNote!.content).not.toContain(path);
      expect(copyNote!.content).toContain(`<img src="${brokenPath}" />`);
      expect(copyNote!.image_path).not.toBe(pngPath);
      expect(copyNote!.content).toContain(`<img src="${copyNote!.image_path}" alt="one" />`);
      const served = await getFile(target, copyNote!.image_path!);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.bytes.equals((await getFile(source, pngPath)).bytes)).toBe(true);
      // Exactly the restored images are on disk.
      const rows = await target.db.selectFrom('files').select('name').execute();
      expect(await storedNames(target)).toEqual(rows.map((row) => row.name).sort());
      expect(rows).toHaveLength(3);
    } finally {
      await source.close();
      await target.close();
      await fetcher.close();
    }
  });

  /** A backup of one note showing two images, `second` as given. */
  async function backupWithImages(second: Partial<AccountBackup['files'][number]>) {
    const good = {
      path: '/api/files/GoodImageOfTheBackup000.png',
      content_type: 'image/png',
      data: (await image('png')).toString('base64'),
    };
    const bad = {
      path: '/api/files/SecondImageOfTheBackup0.png',
      content_type: 'image/png',
      data: good.data,
      ...second,
    };
    const backup: AccountBackup = {
      format: 'nestmark-backup',
      version: 1,
      exported_at: '2026-01-15T10:00:00.000Z',
      account: { name: 'A', email: 'a@example.com', theme: 'default' },
      collections: [
        {
          id: 1,
          parent_id: null,
          name: 'One',
          icon_id: null,
          local_order: 1,
          created_at: '2026-01-15T10:00:00.000Z',
          updated_at: '2026-01-15T10:00:00.000Z',
        },
      ],
      tags: [],
      posts: [
        {
          id: 1,
          collection_id: 1,
          type: 'text',
          title: 'Pictures',
          content: `<p><img src="${good.path}"><img src="${bad.path}"></p>`,
          url: null,
          base_url: null,
          description: null,
          color: null,
          image_path: good.path,
          order: 1,
          archived_at: null,
          preview_status: null,
          created_at: '2026-01-15T10:00:00.000Z',
          updated_at: '2026-01-15T10:00:00.000Z',
          tag_ids: [],
        },
      ],
      public_shares: [],
      private_shares: [],
      files: [good, bad],
    };
    return Buffer.from(JSON.stringify(backup));
  }

  it('422 for an image that fails the checks of uploads, naming it; writes no row and leaves no file', async () => {
    const small = await createTestApp({ config: { uploadMaxBytes: 100 * 1024 } });
    try {
      const user = await small.createUser();
      const png = await image('png');
      const jpeg = await image('jpeg');
      const big = await image('png', 256, true);
      expect(big.length).toBeGreaterThan(100 * 1024);
      const cases: [string, Partial<AccountBackup['files'][number]>, RegExp][] = [
        ['not base64', { data: 'not base64!' }, /files\.1\.data/],
        [
          'not an image',
          { data: Buffer.from('just some text').toString('base64') },
          /SecondImageOfTheBackup0\.png: The file is not an image/,
        ],
        [
          'another format',
          { data: jpeg.toString('base64') },
          /SecondImageOfTheBackup0\.png: The file is a JPEG image, not png/,
        ],
        [
          'cut short',
          { data: png.subarray(0, png.length - 30).toString('base64') },
          /SecondImageOfTheBackup0\.png: The image could not be read/,
        ],
        [
          'too big',
          { data: big.toString('base64') },
          /SecondImageOfTheBackup0\.png: The file is larger than the upload limit of 0\.1 MB/,
        ],
        [
          'type',
          { content_type: 'image/jpeg' },
          /SecondImageOfTheBackup0\.png: its type image\/jpeg does not match its name/,
        ],
        [
          'same path twice',
          { path: '/api/files/GoodImageOfTheBackup000.png' },
          /file paths repeat/,
        ],
        [
          'not a stored file',
          { path: '/api/files/../jwt-secret' },
          /files\.1\.path: is not the path of a stored file/,
        ],
      ];
      for (const [name, second, message] of cases) {
        const res = await restore(small, user, await backupWithImages(second));
        expect(res.status, name).toBe(422);
        expect(res.error?.code, name).toBe('UNPROCESSABLE');
        expect(res.error?.message, name).toMatch(message);
        expect(await storedNames(small), name).toEqual([]);
      }
      expect(await dump(small.db, user.id)).toEqual(await dump(small.db, -1));
      expect(await small.db.selectFrom('files').selectAll().execute()).toEqual([]);

      // The same backup with a good second image restores.
      const res = await restore(small, user, await backupWithImages({}));
      expect(res.status, res.text).toBe(201);
      expect(await storedNames(small)).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('409 into an account that is not empty leaves no image behind', async () => {
    const user = await t.createUser();
    await createAs(t, user).post({ content: 'already here' });
    const before = await storedNames(t);
    const res = await restore(t, user, await backupWithImages({}));
    expect(res.status).toBe(409);
    expect(await storedNames(t)).toEqual(before);
  });

  it('two restores into one account at once: one wins, the other writes nothing and leaves no image behind', async () => {
    const race = await createTestApp();
    try {
      const user = await race.createUser();
      const backup = await backupWithImages({});
      const statuses = (
        await Promise.all([restore(race, user, backup), restore(race, user, backup)])
      ).map((res) => res.status);
      expect(statuses.sort()).toEqual([201, 409]);
      const rows = await race.db.selectFrom('files').select('name').execute();
      expect(rows).toHaveLength(2);
      expect(await storedNames(race)).toEqual(rows.map((row) => row.name).sort());
    } finally {
      await race.close();
    }
  });

  it('a restore that fails after its images were written removes them again', async () => {
    const broken = await createTestApp();
    try {
      // The last write of a restore, the files rows, fails: images are on disk by then.
      if (broken.dialect === 'sqlite') {
        await sql`CREATE TRIGGER refuse_files BEFORE INSERT ON files BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(
          broken.db,
        );
      } else {
        await sql`CREATE FUNCTION refuse_files() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(
          broken.db,
        );
        await sql`CREATE TRIGGER refuse_files BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION refuse_files()`.execute(
          broken.db,
        );
      }
      const user = await broken.createUser();
      const res = await restore(broken, user, await backupWithImages({}));
      expect(res.status).toBe(500);
      expect(await storedNames(broken)).toEqual([]);
      expect(await dump(broken.db, user.id)).toEqual(await dump(broken.db, -1));
    } finally {
      await broken.close();
    }
  });
});
