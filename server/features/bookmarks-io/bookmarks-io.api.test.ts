import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { createAs } from '../../test/api-fixtures.ts';
import {
  accountView,
  importFile,
  startImport,
  waitForImport,
} from '../../test/bookmark-imports.ts';
import { CORPUS_DIR, corpusBookmarkFile } from '../../test/corpus.ts';
import { createTestApp, multipartFile, type TestApp } from '../../test/test-app.ts';
import { STALE_AFTER_MS, INTERRUPTED } from './import-jobs.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const corpus = (path: string) => readFileSync(corpusBookmarkFile(path));
const otherImport = (path: string) => readFileSync(`${CORPUS_DIR}/other-imports/${path}`);

async function rowCounts() {
  const count = async (table: 'collections' | 'posts' | 'tags' | 'post_tags' | 'import_jobs') =>
    (await t.db.selectFrom(table).selectAll().execute()).length;
  return {
    collections: await count('collections'),
    posts: await count('posts'),
    tags: await count('tags'),
    links: await count('post_tags'),
    jobs: await count('import_jobs'),
  };
}

/** A small Netscape file of the given bookmarks, all at the top level. */
function netscape(...entries: [url: string, title: string, tags?: string][]): Buffer {
  const lines = entries.map(
    ([url, title, tags]) => `<DT><A HREF="${url}"${tags ? ` TAGS="${tags}"` : ''}>${title}</A>`,
  );
  return Buffer.from(
    `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${lines.join('\n')}\n</DL><p>\n`,
  );
}

describe('POST /api/imports and GET /api/imports/{id}', () => {
  it('answers 202 with a running job at once, then reports the finished import', async () => {
    const user = await t.createUser();
    const bytes = corpus('markio/nested_bookmarks.html');
    const res = await startImport(t, user, 'nested_bookmarks.html', bytes);
    expect(res.status).toBe(202);
    const started = res.body.data;
    expect(started).toMatchObject({
      status: 'running',
      phase: 'reading',
      file_name: 'nested_bookmarks.html',
      format: 'netscape',
      format_name: 'Bookmarks HTML file',
      target_collection_id: null,
      duplicates: 'skip',
      summary: null,
      error: null,
      finished_at: null,
    });
    expect(started.progress.bytes_total).toBe(bytes.length);

    const job = await waitForImport(t, user, started.id);
    // 4 <H3>, 10 <A> of which 3 are place: queries (SOURCES.md: "3 place: queries").
    expect(job).toMatchObject({
      status: 'done',
      phase: null,
      progress: { bytes_read: bytes.length, entries_read: 10, to_create: 7, created: 7 },
      summary: {
        collections: 5,
        posts: 7,
        tags: 0,
        skipped: { total: 3, unsupported_scheme: 3, missing_url: 0, invalid_url: 0 },
        duplicates: { total: 0, in_target: 0, in_file: 0, kept: false },
      },
      finished_at: t.clock().toISOString(),
    });
    expect(job.summary!.examples.skipped).toHaveLength(3);
    expect(job.summary!.examples.skipped[0]).toMatchObject({ reason: 'unsupported-scheme' });
    expect(job.summary!.examples.skipped[0]!.url).toMatch(/^place:/);

    const view = await accountView(t, user);
    expect(view.tree.map((node) => node.name)).toEqual(['nested_bookmarks']);
    expect(job.summary!.collection_id).toBe(view.tree[0]!.id);
    const yahoo = view.posts.find((post) => post.url === 'http://www.yahoo.com/')!;
    expect(view.pathOf(yahoo)).toEqual([
      'nested_bookmarks',
      'Bookmarks Toolbar',
      'Nest 1',
      'Nest 2',
    ]);
    expect(yahoo).toMatchObject({
      type: 'link',
      title: 'Yahoo!',
      created_at: new Date(1350926033 * 1000).toISOString(),
      preview_status: 'pending',
    });
    // In each collection the file's first bookmark shows first (highest order).
    const firefox = view.posts
      .filter((post) => view.pathOf(post).at(-1) === 'Mozilla Firefox')
      .sort((a, b) => b.order - a.order);
    expect(firefox.map((post) => post.title)).toEqual([
      'Help and Tutorials',
      'Customize Firefox',
      'Get Involved',
      'About Us',
    ]);
    expect(firefox.map((post) => post.order)).toEqual([4, 3, 2, 1]);
  });

  it('shows a job only to the user who started it', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const job = await importFile(t, user, 'one.html', netscape(['https://one.example/', 'One']));
    const getJob = (id: number, token?: string) =>
      t.call(bookmarksIoEndpoints.importJob, { token, params: { id } });
    const foreign = await getJob(job.id, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.error?.code).toBe('NOT_FOUND');
    expect((await getJob(999999, user.token)).status).toBe(404);
    expect((await getJob(job.id)).status).toBe(401);
    // A malformed id on purpose.
    expect((await t.request('GET', '/api/imports/abc', { token: user.token })).status).toBe(400);
  });

  it('refuses a second import while one runs (409), and takes one again afterwards', async () => {
    const user = await t.createUser();
    const first = await startImport(t, user, 'flat.htm', corpus('netscape-go/flat10000.htm'));
    expect(first.status).toBe(202);
    const before = await rowCounts();
    const second = await startImport(
      t,
      user,
      'one.html',
      netscape(['https://one.example/', 'One']),
    );
    expect(second.status).toBe(409);
    expect(second.error).toMatchObject({ code: 'CONFLICT' });
    expect(second.error?.message).toMatch(/already running/);
    expect((await rowCounts()).jobs).toBe(before.jobs);
    expect((await waitForImport(t, user, first.body.data.id)).status).toBe('done');
    await importFile(t, user, 'one.html', netscape(['https://one.example/', 'One']));
  });

  it('imports into an existing collection: folders join sub-collections of the same name, URLs already there are duplicates', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const reading = (await as.collection({ name: 'Reading' })).id;
    const toolbar = (await as.collection({ name: 'Bookmarks Toolbar', parent_id: reading })).id;
    await as.post({ content: 'http://www.yahoo.com', collection_id: toolbar });
    await as.post({ content: 'a note', collection_id: toolbar });

    const job = await importFile(
      t,
      user,
      'nested_bookmarks.html',
      corpus('markio/nested_bookmarks.html'),
      { collection_id: reading },
    );
    expect(job.target_collection_id).toBe(reading);
    // The file's "Bookmarks Toolbar" joins the existing one: 3 new folders, not 4, and no new
    // top-level collection. Yahoo (stored without its trailing slash) is already there.
    expect(job.summary).toMatchObject({
      collection_id: reading,
      collections: 3,
      posts: 6,
      duplicates: { total: 1, in_target: 1, in_file: 0, kept: false },
    });
    expect(job.summary.examples.duplicates).toEqual([
      { title: 'Yahoo!', url: 'http://www.yahoo.com/', where: 'target' },
    ]);
    const view = await accountView(t, user);
    expect(view.tree.map((node) => node.name)).toEqual(['Reading']);
    const [toolbarNode] = view.tree[0]!.nested;
    expect(view.tree[0]!.nested).toHaveLength(1);
    expect(toolbarNode!.nested.map((node) => node.name)).toEqual(['Nest 1', 'Mozilla Firefox']);
    // New posts go on top of the ones already in a collection.
    const inToolbar = view.posts
      .filter((post) => post.collection_id === toolbar)
      .sort((a, b) => b.order - a.order);
    // The toolbar's one web link of the file goes above the note and the link already there.
    expect(inToolbar.map((post) => post.title ?? post.content)).toEqual([
      'Getting Started',
      'a note',
      'http://www.yahoo.com',
    ]);
    expect(inToolbar.map((post) => post.order)).toEqual([3, 2, 1]);

    const again = await importFile(
      t,
      user,
      'nested_bookmarks.html',
      corpus('markio/nested_bookmarks.html'),
      { collection_id: reading, duplicates: 'keep' },
    );
    expect(again.summary).toMatchObject({
      collections: 0,
      posts: 7,
      duplicates: { total: 7, in_target: 7, kept: true },
    });
    expect((await accountView(t, user)).posts).toHaveLength(2 + 6 + 7);
  });

  it('reports URLs repeated in the file: skipped by default, kept on request', async () => {
    const file = netscape(
      ['https://Example.com', 'First', 'a'],
      ['https://example.com/', 'Second', 'b'],
      ['https://other.example/', 'Third'],
    );
    const user = await t.createUser();
    const skip = await importFile(t, user, 'dupes.html', file);
    expect(skip.summary).toMatchObject({
      posts: 2,
      tags: 1,
      duplicates: { total: 1, in_file: 1, in_target: 0, kept: false },
    });
    expect(skip.summary.examples.duplicates).toEqual([
      { title: 'Second', url: 'https://example.com/', where: 'file' },
    ]);
    const kept = await importFile(t, await t.createUser(), 'dupes.html', file, {
      duplicates: 'keep',
    });
    expect(kept.summary).toMatchObject({
      posts: 3,
      tags: 2,
      duplicates: { in_file: 1, kept: true },
    });
  });

  it('imports into a collection shared with write access, for its owner; not with read access or none', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const editor = await t.createUser();
    const viewer = await t.createUser();
    const stranger = await t.createUser();
    const shared = (await asOwner.collection({ name: 'Shared' })).id;
    await asOwner.privateShare({
      collection_id: shared,
      user_id: editor.id,
      permission: 7,
    });
    await asOwner.privateShare({
      collection_id: shared,
      user_id: viewer.id,
      permission: 4,
    });
    const file = netscape(['https://shared.example/', 'Shared link', 'team']);
    const before = await rowCounts();

    const readOnly = await startImport(t, viewer, 'a.html', file, { collection_id: shared });
    expect(readOnly.status).toBe(403);
    const foreign = await startImport(t, stranger, 'a.html', file, { collection_id: shared });
    expect(foreign.status).toBe(404);
    const missing = await startImport(t, owner, 'a.html', file, { collection_id: 999999 });
    expect(missing.status).toBe(404);
    expect(await rowCounts()).toEqual(before);

    const job = await importFile(t, editor, 'a.html', file, { collection_id: shared });
    expect(job.summary.posts).toBe(1);
    const post = await t.db
      .selectFrom('posts')
      .selectAll()
      .where('collection_id', '=', shared)
      .executeTakeFirstOrThrow();
    expect(post.user_id).toBe(owner.id);
    const teamTags = await t.db
      .selectFrom('tags')
      .select('user_id')
      .where('name', '=', 'team')
      .where('user_id', 'in', [owner.id, editor.id])
      .execute();
    expect(teamTags).toEqual([{ user_id: owner.id }]);
    // The job is the editor's, not the owner's.
    expect(
      (await t.call(bookmarksIoEndpoints.importJob, { token: owner.token, params: { id: job.id } }))
        .status,
    ).toBe(404);
  });

  it('fails an import into a shared collection whose share was revoked while it ran, leaving nothing (security finding 10)', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const editor = await t.createUser();
    const shared = (await asOwner.collection({ name: 'Shared' })).id;
    const share = await asOwner.privateShare({
      collection_id: shared,
      user_id: editor.id,
      permission: 7,
    });
    const before = await rowCounts();

    // 10,000 bookmarks: the owner's revocation lands while the import is still reading.
    const started = await startImport(t, editor, 'flat.htm', corpus('netscape-go/flat10000.htm'), {
      collection_id: shared,
    });
    expect(started.status).toBe(202);
    const revoked = await t.call(shareEndpoints.deletePrivate, {
      token: owner.token,
      params: { id: share.id },
    });
    expect(revoked.status).toBe(204);
    const running = await t.call(bookmarksIoEndpoints.importJob, {
      token: editor.token,
      params: { id: started.body.data.id },
    });
    expect(running.body.data.status).toBe('running');

    const job = await waitForImport(t, editor, started.body.data.id);
    expect(job).toMatchObject({ status: 'failed', summary: null });
    expect(job.error).toMatch(/no longer .* shared with you/);
    const owned = await t.call(postEndpoints.list, {
      token: owner.token,
      query: { collection_id: shared },
    });
    expect(owned.body.data).toEqual([]);
    expect(await rowCounts()).toEqual({ ...before, jobs: before.jobs + 1 });
  }, 60_000);

  it('marks a running job of a process that stopped beating as interrupted', async () => {
    const user = await t.createUser();
    const now = t.clock().toISOString();
    const row = await t.db
      .insertInto('import_jobs')
      .values({
        user_id: user.id,
        runner_id: 'a-process-that-died',
        status: 'running',
        phase: 'saving',
        file_name: 'big.html',
        format: 'netscape',
        target_collection_id: null,
        duplicates: 'skip',
        bytes_total: 100,
        bytes_read: 100,
        entries_read: 10,
        to_create: 10,
        created: 0,
        heartbeat_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const getJob = () =>
      t.call(bookmarksIoEndpoints.importJob, { token: user.token, params: { id: row.id } });
    const fresh = await getJob();
    expect(fresh.body.data.status).toBe('running');
    t.clock.advance(STALE_AFTER_MS + 1);
    const stale = await getJob();
    expect(stale.body.data).toMatchObject({ status: 'failed', phase: null, error: INTERRUPTED });
  });

  it('rolls an import back when the server stops during it, and says so', async () => {
    const app = await createTestApp();
    try {
      const user = await app.createUser();
      const res = await startImport(app, user, 'flat.htm', corpus('netscape-go/flat10000.htm'));
      expect(res.status).toBe(202);
      await app.app.close();
      const job = await app.db
        .selectFrom('import_jobs')
        .selectAll()
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', error: INTERRUPTED });
      expect(await app.db.selectFrom('posts').selectAll().execute()).toEqual([]);
      expect(await app.db.selectFrom('collections').selectAll().execute()).toEqual([]);
      expect(await app.db.selectFrom('tags').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/imports of other services’ exports (detected by content)', () => {
  const tagsOf = (post: { tags: { name: string }[] }) => post.tags.map((tag) => tag.name).sort();

  it.each([
    // [file, format, posts, folders; expectations from SOURCES.md's upstream tests]
    ['wallabag/pocket-ril_export.html', 'pocket-html', 2, 0],
    ['wallabag/pocket.csv', 'pocket-csv', 7, 0],
    ['shiori/pocket-new.csv', 'pocket-csv', 1, 0],
    ['shiori/pocket-old.csv', 'pocket-csv', 1, 0],
    ['wallabag/instapaper-export.csv', 'instapaper-csv', 4, 4],
    ['wallabag/pinboard_export.json', 'pinboard-json', 3, 0],
    ['wallabag/delicious_export.json', 'delicious-json', 3, 0],
    ['wallabag/chrome-bookmarks.json', 'chrome-json', 1, 1],
    ['wallabag/firefox-bookmarks.json', 'firefox-json', 2, 1],
    // 6 links, 5 after the URL repeated across collections (karakeep's parsers.test.ts).
    ['karakeep/linkwarden-export.json', 'linkwarden-json', 5, 6],
  ] as const)('%s is read as %s: %i posts in %i folders', async (path, format, posts, folders) => {
    const user = await t.createUser();
    const job = await importFile(t, user, path.split('/').pop()!, otherImport(path));
    expect(job.format).toBe(format);
    expect(job.summary).toMatchObject({ posts, collections: folders + 1, skipped: { total: 0 } });
  });

  it('keeps what each format says: titles, dates, tags, descriptions, folders', async () => {
    const read = async (path: string) => {
      const user = await t.createUser();
      await importFile(t, user, path.split('/').pop()!, otherImport(path));
      return accountView(t, user);
    };
    const shiori = await read('shiori/pocket-new.csv');
    expect(shiori.posts[0]).toMatchObject({
      title: 'Shiori',
      url: 'https://github.com/go-shiori/shiori',
      created_at: new Date(1541343937 * 1000).toISOString(),
    });
    expect(tagsOf(shiori.posts[0]!)).toEqual(['shiori']);

    const pocket = await read('wallabag/pocket.csv');
    // A title with a line break inside quotes, and typographic apostrophes.
    expect(pocket.posts.map((post) => post.title)).toContain(
      'Des abeilles pour résoudre les « conflits » entre les humains et les élépha',
    );
    expect(pocket.posts.map((post) => post.title)).toContain(
      'Est-ce que j’ai besoin d’un Scrum Master ? | by Jean-Pierre Lambert | Jean-',
    );

    const pocketHtml = await read('wallabag/pocket-ril_export.html');
    expect(pocketHtml.posts.map(tagsOf)).toEqual([
      ['ifttt', 'new_entry_simple'],
      ['ifttt', 'new_entry_simple'],
    ]);
    expect(pocketHtml.posts.map((post) => post.created_at).sort()).toEqual([
      new Date(1688627412 * 1000).toISOString(),
      new Date(1688628695 * 1000).toISOString(),
    ]);

    const instapaper = await read('wallabag/instapaper-export.csv');
    expect([...instapaper.paths.values()].map((path) => path.slice(1).join('/')).sort()).toEqual([
      '',
      'Archive',
      'Starred',
      'Unread',
      'test_tag',
    ]);
    expect(instapaper.posts.map((post) => post.title)).toContain(
      "Dis donc Donald Trump, c'est quoi exactement «covfefe»?",
    );

    const pinboard = await read('wallabag/pinboard_export.json');
    const scroller = pinboard.posts.find(
      (post) => post.title === 'Complexities of an Infinite Scroller',
    )!;
    expect(scroller).toMatchObject({
      url: 'https://developers.google.com/web/updates/2016/07/infinite-scroller',
      created_at: '2016-10-31T15:57:56.000Z',
    });
    expect(scroller.description).toMatch(/^TL;DR: Re-use your DOM elements/);
    expect(tagsOf(scroller)).toEqual(['dom', 'infinite', 'performance', 'scroll']);

    const delicious = await read('wallabag/delicious_export.json');
    const basket = delicious.posts.find(
      (post) => post.url === 'https://addyosmani.com/basket.js/',
    )!;
    expect(tagsOf(basket)).toEqual(['basket', 'javascript', 'loader', 'localStorage']);
    expect(basket.created_at).toBe(new Date(1358531607 * 1000).toISOString());
    expect(
      tagsOf(delicious.posts.find((post) => post.title === 'Review - Stack Overflow')!),
    ).toEqual([]);

    const chrome = await read('wallabag/chrome-bookmarks.json');
    // Chrome's roots that hold nothing ("Autres favoris", "Favoris sur mobile") are left out.
    expect(chrome.pathOf(chrome.posts[0]!).slice(1)).toEqual(['Barre de favoris']);
    // 13118850929335823 µs since 1601-01-01.
    expect(chrome.posts[0]!.created_at).toBe('2016-09-20T13:15:29.335Z');

    const firefox = await read('wallabag/firefox-bookmarks.json');
    expect(firefox.posts.map((post) => firefox.pathOf(post).slice(1))).toEqual([
      ['Barre personnelle'],
      ['Barre personnelle'],
    ]);
    expect(firefox.posts.map(tagsOf)).toContainEqual(['tag', 'test']);
    expect(firefox.posts.map((post) => post.created_at)).toContain('2013-12-27T17:41:31.644Z');

    const linkwarden = await read('karakeep/linkwarden-export.json');
    const next = linkwarden.posts.find((post) => post.title === 'Next.js')!;
    expect(linkwarden.pathOf(next).slice(1)).toEqual(['Tech', 'Frontend', 'Frameworks']);
    expect(tagsOf(linkwarden.posts.find((post) => post.title === 'React')!)).toEqual(['js', 'ui']);
    expect(next.created_at).toBe('2025-03-10T08:30:00.000Z');
  });
});

describe('POST /api/imports with bad input writes nothing', () => {
  it('422 with a reason for files that hold nothing to import', async () => {
    const user = await t.createUser();
    const before = await rowCounts();
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const cases: [string, Buffer, RegExp][] = [
      ['empty.html', Buffer.alloc(0), /empty/],
      ['image.png', png, /not a bookmark file/],
      ['readme.html', corpus('markio/corrupted.html'), /not a bookmark file/],
      [
        'links.html',
        netscape(['javascript:alert(1)', 'js'], ['place:sort=8', 'smart']),
        /no web links/,
      ],
      ['list.json', Buffer.from('[{"name": "x"}]'), /not in a format Nestmark can import/],
      ['broken.json', Buffer.from('{"roots": '), /not a bookmark file/],
      [
        'backup.json',
        Buffer.from('{"format": "nestmark-backup", "version": 1}'),
        /Nestmark backup/,
      ],
      ['empty.csv', Buffer.from('title,url,time_added,tags,status\n'), /holds no bookmarks/],
      [
        'broken.csv',
        Buffer.from(
          'title,url,time_added,tags\nA,https://a.example/,1,\n"B,https://b.example/,2,\n',
        ),
        /This CSV file is damaged: a quoted field in row 3 is never closed/,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await startImport(t, user, name, bytes);
      expect(res.status, name).toBe(422);
      expect(res.error?.code, name).toBe('UNPROCESSABLE');
      expect(res.error?.message, name).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('415 for a body that is not multipart, 400 without a file or with a bad option, 401 without a token', async () => {
    const user = await t.createUser();
    // Malformed on purpose: JSON instead of multipart, the file in another field, an unknown mode.
    const json = await t.request('POST', '/api/imports', {
      token: user.token,
      body: { file: 'x' },
    });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const file = netscape(['https://a.example/', 'a']);
    const wrongField = await t.request('POST', '/api/imports', {
      token: user.token,
      ...multipartFile('a.html', file, { field: 'other' }),
    });
    expect(wrongField.status).toBe(400);
    const badMode = await t.request('POST', '/api/imports?duplicates=maybe', {
      token: user.token,
      ...multipartFile('a.html', file),
    });
    expect(badMode.status).toBe(400);
    expect(badMode.body.error.code).toBe('VALIDATION');
    for (const collection_id of ['abc', 0]) {
      const res = await startImport(t, user, 'a.html', file, { collection_id });
      expect(res.status, String(collection_id)).toBe(400);
      expect(res.error?.code).toBe('VALIDATION');
    }
    const anonymous = await t.call(bookmarksIoEndpoints.import, {
      file: { name: 'a.html', bytes: file },
    });
    expect(anonymous.status).toBe(401);
  });

  it('413 above IMPORT_MAX_MB, naming the limit', async () => {
    const small = await createTestApp({ config: { importMaxBytes: 1024 * 1024 } });
    try {
      const user = await small.createUser();
      const big = Buffer.from(
        `<DL>${'<DT><A HREF="https://example.com/">x</A>\n'.repeat(30_000)}</DL>`,
      );
      const res = await startImport(small, user, 'big.html', big);
      expect(res.status).toBe(413);
      expect(res.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(res.error?.message).toContain('1 MB');
      expect(await small.db.selectFrom('import_jobs').selectAll().execute()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/exports', () => {
  it('downloads a Netscape file of the caller’s data only, escaped, named with the date', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const other = await t.createUser();
    const c = await as.collection({ name: 'Tools & <Things>' });
    await as.post({
      content: 'https://example.com/?a=1&b=2',
      title: 'A "quoted" <title>',
      description: 'Line one\nLine <two>',
      collection_id: c.id,
      tag_names: ['tea time', 'news'],
    });
    await createAs(t, other).post({ content: 'https://other-user.example/' });

    const res = await t.call(bookmarksIoEndpoints.export, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="nestmark-bookmarks-2026-01-15.html"',
    );
    expect(res.text).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);
    expect(res.text).toContain('>Tools &amp; &lt;Things&gt;</H3>');
    const stamp = Math.floor(t.clock().getTime() / 1000);
    expect(res.text).toContain(
      `<DT><A HREF="https://example.com/?a=1&amp;b=2" ADD_DATE="${stamp}" LAST_MODIFIED="${stamp}" TAGS="news,tea time">A "quoted" &lt;title&gt;</A>`,
    );
    expect(res.text).toContain('<DD>Line one\nLine &lt;two&gt;');
    expect(res.text).not.toContain('other-user.example');
  });

  it('exports text notes as links to their post page, with their text', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const note = await as.post({
      content: '<p>First line of the note</p><p>Second &amp; last</p>',
      tag_names: ['idea'],
    });
    const titled = await as.post({ content: '<p>body</p>', title: 'My note' });
    const res = await t.call(bookmarksIoEndpoints.export, { token: user.token });
    expect(res.text).toContain(`HREF="http://nestmark.test/p/${note.id}"`);
    expect(res.text).toContain(
      'TAGS="idea">First line of the note</A>\n    <DD>First line of the note\n\nSecond &amp; last\n',
    );
    expect(res.text).toContain(`HREF="http://nestmark.test/p/${titled.id}"`);
    expect(res.text).toContain('>My note</A>');
  });

  it('exports one collection and everything below it, or only Uncategorized', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const other = await t.createUser();
    const top = await as.collection({ name: 'Top' });
    const child = await as.collection({ name: 'Child', parent_id: top.id });
    const elsewhere = await as.collection({ name: 'Elsewhere' });
    await as.post({ content: 'https://top.example/', collection_id: top.id });
    await as.post({
      content: 'https://child.example/',
      collection_id: child.id,
    });
    await as.post({
      content: 'https://elsewhere.example/',
      collection_id: elsewhere.id,
    });
    await as.post({ content: 'https://loose.example/' });
    const exported = (token: string | undefined, collection_id?: number | string) =>
      t.call(bookmarksIoEndpoints.export, { token, query: { collection_id } });

    const subtree = await exported(user.token, top.id);
    expect(subtree.status).toBe(200);
    expect(subtree.text).toMatch(
      /<H3[^>]*>Top<\/H3>[\s\S]*top\.example[\s\S]*<H3[^>]*>Child<\/H3>[\s\S]*child\.example/,
    );
    expect(subtree.text).not.toMatch(/Elsewhere|elsewhere\.example|loose\.example/);

    const uncategorized = await exported(user.token, 0);
    expect(uncategorized.text).toContain('loose.example');
    expect(uncategorized.text).not.toMatch(/<H3|top\.example/);

    const foreign = await exported(other.token, top.id);
    expect(foreign.status).toBe(404);
    expect((await exported(user.token, 'x')).status).toBe(400);
    expect((await exported(undefined)).status).toBe(401);
  });
});
