import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints } from '../../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../../contract/posts.ts';
import { importFile } from '../../../test/bookmark-imports.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.ts';

/* NUL characters in an imported file are dropped (server/lib/nul-character.ts): it imports whole. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function postsOf(user: TestUser) {
  return t.db
    .selectFrom('posts')
    .select(['title', 'url', 'description'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
}

describe('NUL characters in an imported file', () => {
  it('are dropped from a Netscape file, which imports whole', async () => {
    const user = await t.createUser();
    const html =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n' +
      '<DT><H3>Fold\u0000er</H3>\n<DL><p>\n' +
      '<DT><A HREF="https://example.com/a" TAGS="t\u0000ag">Ti\u0000tle</A>\n' +
      '<DD>Des\u0000cription\n' +
      '</DL><p>\n</DL><p>\n';
    const job = await importFile(t, user, 'bookmarks.html', Buffer.from(html));
    expect(job.summary.posts).toBe(1);
    expect(await postsOf(user)).toEqual([
      { title: 'Title', url: 'https://example.com/a', description: 'Description' },
    ]);
    const names = await t.db
      .selectFrom('collections')
      .select('name')
      .where('user_id', '=', user.id)
      .execute();
    expect(names.map((row) => row.name)).toContain('Folder');
    const tags = await t.db
      .selectFrom('tags')
      .select('name')
      .where('user_id', '=', user.id)
      .execute();
    expect(tags).toEqual([{ name: 'tag' }]);
  });

  it('are dropped from a JSON export, escaped or not', async () => {
    const user = await t.createUser();
    const json = JSON.stringify([
      {
        href: 'https://example.com/b',
        description: 'Pin\u0000board',
        extended: 'Ex\u0000tended',
        tags: 'one t\u0000wo',
        time: '2020-01-01T00:00:00Z',
      },
    ]);
    expect(json).toContain('\\u0000');
    const job = await importFile(t, user, 'pinboard.json', Buffer.from(json));
    expect(job.format).toBe('pinboard-json');
    expect(await postsOf(user)).toEqual([
      { title: 'Pinboard', url: 'https://example.com/b', description: 'Extended' },
    ]);
  });

  it('are dropped from a backup, which restores whole', async () => {
    const owner = await t.createUser();
    const post = await t.call(postEndpoints.create, {
      token: owner.token,
      body: { content: 'a note', title: 'Plain' },
    });
    expect(post.status).toBe(201);
    const backup = (await t.call(bookmarksIoEndpoints.backup, { token: owner.token })).text;
    const withNul = backup.replace('"Plain"', '"Pl\\u0000ain"');
    expect(withNul).not.toBe(backup);
    const user = await t.createUser();
    const restored = await t.call(bookmarksIoEndpoints.restore, {
      token: user.token,
      file: { name: 'backup.json', bytes: Buffer.from(withNul) },
    });
    expect(restored.status, restored.text).toBe(201);
    const titles = await t.db
      .selectFrom('posts')
      .select('title')
      .where('user_id', '=', user.id)
      .execute();
    expect(titles).toEqual([{ title: 'Plain' }]);
  });
});
