import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountBackup } from '../../../contract/bookmarks-io.ts';
import type { Db } from '../../db/database.ts';
import { importFile } from '../../test/bookmark-imports.ts';
import { corpusBookmarkFile } from '../../test/corpus.ts';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function created(app: TestApp, user: TestUser, url: string, body: Record<string, unknown>) {
  const res = await app.request('POST', url, { token: user.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

function restore(app: TestApp, user: TestUser, bytes: Buffer) {
  return app.request('POST', '/api/backups', {
    token: user.token,
    ...multipartFile('backup.json', bytes),
  });
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
  const shareToken = `PublicShareTokenOfThirtyTwoOrMoreLetters${accounts}`;
  const user = await t.createUser();
  const member = await t.createUser();
  const neighbour = await t.createUser();
  const top = await created(t, user, '/api/collections', { name: 'Top', icon_id: 101 });
  const child = await created(t, user, '/api/collections', { name: 'Child', parent_id: top.id });
  const grandchild = await created(t, user, '/api/collections', {
    name: 'Grandchild',
    parent_id: child.id,
  });
  await created(t, user, '/api/collections', { name: 'Second' });
  await created(t, user, '/api/posts', {
    content: 'https://example.com/a?b=1&c=2',
    title: 'A link',
    description: 'Its description',
    collection_id: top.id,
    tag_names: ['Reading', 'later'],
  });
  await created(t, user, '/api/posts', {
    content:
      '<h2>Plan</h2><ul data-type="taskList"><li data-type="taskItem" data-checked="true">done</li></ul><pre><code class="language-js">x &lt; 1</code></pre>',
    title: 'A note',
    collection_id: grandchild.id,
    tag_names: ['later'],
  });
  const binned = await created(t, user, '/api/posts', {
    content: 'https://binned.example/',
    collection_id: child.id,
  });
  expect((await t.request('DELETE', `/api/posts/${binned.id}`, { token: user.token })).status).toBe(
    204,
  );
  const untagged = await created(t, user, '/api/posts', {
    content: 'loose text',
    tag_names: ['unused'],
  });
  await t.request('PATCH', `/api/posts/${untagged.id}`, {
    token: user.token,
    body: { tag_names: [] },
  });
  await created(t, user, '/api/posts', { content: 'https://loose.example/' });
  await importFile(
    t,
    user,
    'nested.html',
    readFileSync(corpusBookmarkFile('markio/nested_bookmarks.html')),
  );
  await created(t, user, '/api/shares/public', {
    collection_id: top.id,
    token: shareToken,
    include_descendants: true,
  });
  await created(t, user, '/api/shares/private', {
    collection_id: child.id,
    user_id: member.id,
    permission: 4,
  });
  const theirs = await created(t, neighbour, '/api/collections', { name: 'Theirs' });
  await created(t, neighbour, '/api/shares/private', {
    collection_id: theirs.id,
    user_id: user.id,
  });
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
    const res = await t.request('GET', '/api/backups', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="nestmark-backup-2026-01-15.json"',
    );
    const backup = JSON.parse(res.text) as AccountBackup;
    expect(backup).toMatchObject({
      format: 'nestmark-backup',
      version: 1,
      account: { email: user.email },
      files: [],
    });
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
    const backup = (await t.request('GET', '/api/backups', { token: user.token })).text;
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
      const share = await elsewhere.request('GET', '/api/shares/public/me', { token: shareToken });
      expect(share.status).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('409 into an account that is not empty, and writes nothing', async () => {
    const { user } = await richAccount();
    const backup = Buffer.from(
      (await t.request('GET', '/api/backups', { token: user.token })).text,
    );
    const before = await dump(t.db, user.id);
    const res = await restore(t, user, backup);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT' });
    expect(res.body.error.message).toMatch(/empty account/);
    expect(await dump(t.db, user.id)).toEqual(before);

    const onlyATag = await t.createUser();
    await created(t, onlyATag, '/api/posts', { content: 'x', tag_names: ['kept'] });
    const trashed = (await t.request('GET', '/api/posts', { token: onlyATag.token })).body.data[0];
    await t.request('DELETE', `/api/posts/${trashed.id}`, { token: onlyATag.token });
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
      ['newer', JSON.stringify({ ...base, version: 2 }), /newer version/],
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
      expect(res.body.error.code, name).toBe('UNPROCESSABLE');
      expect(res.body.error.message, name).toMatch(message);
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

  it('401 without a token', async () => {
    expect((await t.request('GET', '/api/backups')).status).toBe(401);
    expect(
      (await t.request('POST', '/api/backups', { ...multipartFile('b.json', Buffer.from('{}')) }))
        .status,
    ).toBe(401);
  });
});
