import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { load } from 'cheerio';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookmarksIoEndpoints,
  type AccountBackup,
  type BackupPageCopy,
} from '../../../contract/bookmarks-io.ts';
import { pageCopyEndpoints } from '../../../contract/page-copies.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { userEndpoints } from '../../../contract/users.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { pdfOf } from '../../test/hand-written-pdf.ts';
import {
  localSitesFetcher,
  siteName,
  startLocalSites,
  type LocalSites,
} from '../../test/local-sites.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { activeParts, xssCorpusPayloads } from '../../test/xss-corpus.ts';
import type { LinkFetcher } from '../link-preview/guarded-fetcher.ts';
import { foldCase } from '../search/search-query.ts';

/*
 * Page copies in account backups (PRODUCT.md#import-and-export, #page-copies): an account whose
 * link posts have a saved article copy, a saved PDF copy and a failed copy, made on a source
 * server from pages served on 127.0.0.1, backed up once and restored into accounts of other
 * servers (fresh databases and file stores).
 */

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the article tells of quokkas, readable copies and links that rot.</p>`;
const ARTICLE = `<!doctype html><html lang="en"><head><title>Copies of Pages</title>
<meta name="author" content="Ada Lovelace"><meta property="og:site_name" content="Local Site">
<script>window.evil = 1</script></head>
<body><article><h1>Copies of Pages</h1>
${Array.from({ length: 8 }, (_, n) => paragraph(n)).join('\n')}
<p>ÇA MARCHE with Straße.</p></article></body></html>`;
const PDF = pdfOf(['Hello brave new world', 'Second page of the PDF'], 'A PDF Title');

function respond(_host: string, request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url!, 'http://local').pathname;
  if (path === '/article') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  } else if (path === '/doc.pdf') {
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
  } else {
    response.writeHead(404).end();
  }
}

let sites: LocalSites;
let fetcher: LinkFetcher;
let source: TestApp;
let target: TestApp;
let ada: TestUser;
/** The source's posts by what they are. */
const ids = { article: 0, pdf: 0, missing: 0, note: 0 };
let urls: { article: string; pdf: string; missing: string };
let backupText: string;
let backup: AccountBackup;

beforeAll(async () => {
  sites = await startLocalSites(respond);
  fetcher = localSitesFetcher(sites.port, { timeoutMs: 1_000 });
  source = await createTestApp({ fetcher });
  target = await createTestApp();
  ada = await source.createUser();
  urls = {
    article: `http://${siteName(1)}:${sites.port}/article`,
    pdf: `http://${siteName(2)}:${sites.port}/doc.pdf`,
    missing: `http://${siteName(3)}:${sites.port}/missing`,
  };
  const as = createAs(source, ada);
  ids.article = (await as.post({ content: urls.article })).id;
  ids.pdf = (await as.post({ content: urls.pdf })).id;
  ids.missing = (await as.post({ content: urls.missing })).id;
  ids.note = (await as.post({ content: '<p>A note about quokkas</p>' })).id;
  await source.app.previews.drain();
  await source.app.pageCopies.drain();
  const res = await source.call(bookmarksIoEndpoints.backup, { token: ada.token });
  expect(res.status).toBe(200);
  backupText = res.text;
  backup = JSON.parse(backupText) as AccountBackup;
});
afterAll(async () => {
  await source.close();
  await target.close();
  await fetcher.close();
  await sites.close();
});

function restore(app: TestApp, user: TestUser, body: string | AccountBackup) {
  return app.call(bookmarksIoEndpoints.restore, {
    token: user.token,
    file: {
      name: 'backup.json',
      bytes: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    },
  });
}

/** The backup with its copy of the source's post `postId` changed by `change`. */
function withCopy(postId: number, change: (copy: BackupPageCopy) => unknown): AccountBackup {
  return {
    ...backup,
    page_copies: backup.page_copies!.map((copy) =>
      copy.post_id === postId ? (change(copy) as BackupPageCopy) : copy,
    ),
  };
}

/** The restored post of `user` on `app` whose link is `url`: its id. */
async function restoredId(app: TestApp, user: TestUser, url: string): Promise<number> {
  const row = await app.db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', user.id)
    .where('url', '=', url)
    .executeTakeFirstOrThrow();
  return row.id;
}

const copyOf = (app: TestApp, user: TestUser, id: number) =>
  app.call(pageCopyEndpoints.get, { token: user.token, params: { id } });

const snapshotOf = (app: TestApp, user: TestUser, id: number) =>
  app.call(pageCopyEndpoints.snapshot, { token: user.token, params: { id } });

/** The stored columns of a copy that a backup never carries: recomputed on restore. */
const storedColumns = (app: TestApp, postId: number) =>
  app.db
    .selectFrom('page_copies')
    .select(['search_text', 'stored_bytes', 'word_count', 'reading_minutes', 'user_id'])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();

/** Titles of `user`'s posts found by `filter`, with the field each was found by. */
async function found(app: TestApp, user: TestUser, filter: string) {
  const res = await app.call(postEndpoints.list, { token: user.token, query: { filter } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((post) => `${post.url ?? post.title}: ${post.search?.field}`);
}

/** Everything of `userId` a restore writes, and the snapshots the store holds. */
async function written(app: TestApp, userId: number) {
  const count = async (table: 'posts' | 'collections' | 'tags' | 'page_copies') =>
    (await app.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute())
      .length;
  return {
    posts: await count('posts'),
    collections: await count('collections'),
    tags: await count('tags'),
    copies: await count('page_copies'),
    snapshots: (await app.store.list('snapshots')).sort(),
  };
}

describe('a backup', () => {
  it('carries the saved copies (metadata, text, readable HTML, snapshot), not the failed one', async () => {
    expect(backup.version).toBe(2);
    const copies = backup.page_copies!;
    expect(copies.map((copy) => copy.post_id)).toEqual([ids.article, ids.pdf]);
    expect((await copyOf(source, ada, ids.missing)).body.data.status).toBe('failed');

    const [article, pdf] = copies;
    const shown = (await copyOf(source, ada, ids.article)).body.data;
    expect(article).toMatchObject({
      kind: 'article',
      copied_at: shown.copied_at,
      title: 'Copies of Pages',
      byline: 'Ada Lovelace',
      site_name: 'Local Site',
      lang: 'en',
      html: shown.html,
    });
    // Plain text, as readable as the page: not case-folded.
    expect(article!.text).toContain('ÇA MARCHE with Straße.');
    expect(pdf).toMatchObject({ kind: 'pdf', title: 'A PDF Title', html: null });
    expect(pdf!.text).toBe('Hello brave new world Second page of the PDF');
    // The snapshot as stored: gzip, of the page the server serves as the snapshot.
    for (const copy of copies) {
      const served = await snapshotOf(source, ada, copy.post_id);
      expect(gunzipSync(Buffer.from(copy.snapshot_gz, 'base64')).equals(served.bytes)).toBe(true);
    }
    expect(gunzipSync(Buffer.from(pdf!.snapshot_gz, 'base64')).equals(Buffer.from(PDF))).toBe(true);
  });

  it('a Netscape bookmarks export carries no copy', async () => {
    const res = await source.call(bookmarksIoEndpoints.export, { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.text).toContain(urls.article);
    expect(res.text).not.toContain('Paragraph 3 of the article');
    expect(res.text).not.toContain('Hello brave new world');
    expect(res.text).not.toContain('Ada Lovelace');
  });
});

describe('a restore', () => {
  it('brings the copies back on another server: reader data, snapshot, page text in search', async () => {
    const fresh = await target.createUser();
    const res = await restore(target, fresh, backupText);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ posts: 4, page_copies: 2, page_copies_skipped: 0 });

    for (const kind of ['article', 'pdf'] as const) {
      const id = await restoredId(target, fresh, urls[kind]);
      // Everything the reader view shows, the date of the copy included.
      expect((await copyOf(target, fresh, id)).body.data).toEqual(
        (await copyOf(source, ada, ids[kind])).body.data,
      );
      const snapshot = await snapshotOf(target, fresh, id);
      expect(snapshot.status).toBe(200);
      expect(snapshot.headers['content-type']).toBe(
        kind === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8',
      );
      expect(snapshot.bytes.equals((await snapshotOf(source, ada, ids[kind])).bytes)).toBe(true);
      // Worked out again by the same rules: the same as the source's.
      expect(await storedColumns(target, id)).toEqual({
        ...(await storedColumns(source, ids[kind])),
        user_id: fresh.id,
      });
    }

    expect(await found(target, fresh, 'marche in:page')).toEqual([`${urls.article}: page`]);
    expect(await found(target, fresh, 'brave in:page')).toEqual([`${urls.pdf}: page`]);

    // The link whose copy failed brings none: its copy is asked for again, as a new link's would
    // be (automatic copies are on); a note has none.
    const missing = await restoredId(target, fresh, urls.missing);
    expect((await copyOf(target, fresh, missing)).body.data.status).toBe('queued');
    const note = await target.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', fresh.id)
      .where('url', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await copyOf(target, fresh, note.id)).body.data.status).toBe('none');
  });

  it('writes snapshots in its transaction on the database file store, on either database', async () => {
    // On SQLite a write beside the transaction would wait for the writer the transaction holds.
    const inDatabase = await createTestApp({ config: { fileStore: 'database' } });
    try {
      const fresh = await inDatabase.createUser();
      const res = await restore(inDatabase, fresh, backupText);
      expect(res.status, res.text).toBe(201);
      const pdf = await restoredId(inDatabase, fresh, urls.pdf);
      expect((await snapshotOf(inDatabase, fresh, pdf)).bytes.equals(Buffer.from(PDF))).toBe(true);
      expect(await inDatabase.store.list('snapshots')).toHaveLength(2);
    } finally {
      await inDatabase.close();
    }
  });

  it('queues no copy for a restored link when the account has automatic copies off', async () => {
    const fresh = await target.createUser();
    const off = await target.call(userEndpoints.update, {
      token: fresh.token,
      params: { id: fresh.id },
      body: { auto_page_copies: false },
    });
    expect(off.status).toBe(200);
    const res = await restore(target, fresh, backupText);
    expect(res.status, res.text).toBe(201);
    const missing = await restoredId(target, fresh, urls.missing);
    expect((await copyOf(target, fresh, missing)).body.data.status).toBe('none');
    // The copies the backup carries are restored all the same.
    const article = await restoredId(target, fresh, urls.article);
    expect((await copyOf(target, fresh, article)).body.data.status).toBe('saved');
  });

  it('sanitises readable HTML again and works out search text and measures itself', async () => {
    const payloads = xssCorpusPayloads().map(({ payload }) => payload);
    const hostile = withCopy(ids.article, (copy) => ({
      ...copy,
      html: `<p>Marker paragraph kept.</p>${payloads.join('\n')}`,
      // Not part of the format: never read.
      search_text: 'planted wombat',
      word_count: 999_999,
      stored_bytes: 1,
    }));
    const fresh = await target.createUser();
    const res = await restore(target, fresh, hostile);
    expect(res.status, res.text).toBe(201);
    const id = await restoredId(target, fresh, urls.article);
    const html = (await copyOf(target, fresh, id)).body.data.html!;
    expect(html).toContain('<p>Marker paragraph kept.</p>');
    expect(activeParts(load(html, null, false))).toEqual([]);
    expect(payloads.length).toBeGreaterThan(500);

    const stored = await storedColumns(target, id);
    const text = backup.page_copies!.find((copy) => copy.post_id === ids.article)!.text;
    expect(stored.search_text).toBe(foldCase(text));
    expect(stored.word_count).toBe((await storedColumns(source, ids.article)).word_count);
    expect(stored.stored_bytes).toBeGreaterThan(1000);
    expect(await found(target, fresh, 'wombat')).toEqual([]);
  });

  it('422 for a malformed copy, naming it, with nothing written', async () => {
    const fresh = await target.createUser();
    const before = await written(target, fresh.id);
    const cases: [string, AccountBackup, RegExp][] = [
      [
        'kind',
        withCopy(ids.article, (copy) => ({ ...copy, kind: 'video' })),
        /page_copies\.0\.kind/,
      ],
      [
        'article without html',
        withCopy(ids.article, (copy) => ({ ...copy, html: null })),
        /page_copies\.0\.html: an article copy has html, a PDF copy none/,
      ],
      ['empty text', withCopy(ids.pdf, (copy) => ({ ...copy, text: '' })), /page_copies\.1\.text/],
      [
        'date',
        withCopy(ids.pdf, (copy) => ({ ...copy, copied_at: 'yesterday' })),
        /page_copies\.1\.copied_at/,
      ],
      [
        'snapshot not base64',
        withCopy(ids.pdf, (copy) => ({ ...copy, snapshot_gz: 'not base64!' })),
        /page_copies\.1\.snapshot_gz/,
      ],
      [
        'snapshot not gzip',
        withCopy(ids.pdf, (copy) => ({
          ...copy,
          snapshot_gz: Buffer.from(PDF).toString('base64'),
        })),
        new RegExp(`that of post ${ids.pdf}: its snapshot_gz is not gzip-compressed data`),
      ],
      [
        'unknown post',
        withCopy(ids.pdf, (copy) => ({ ...copy, post_id: 999 })),
        /a page copy refers to post 999, which is not in the backup/,
      ],
      [
        'twice',
        withCopy(ids.pdf, (copy) => ({ ...copy, post_id: ids.article })),
        /page copies of a post repeat/,
      ],
      [
        'a note',
        withCopy(ids.pdf, (copy) => ({ ...copy, post_id: ids.note })),
        new RegExp(`post ${ids.note} has a page copy but is not a link post`),
      ],
    ];
    for (const [name, body, message] of cases) {
      const res = await restore(target, fresh, body);
      expect(res.status, name).toBe(422);
      expect(res.error?.code, name).toBe('UNPROCESSABLE');
      expect(res.error?.message, name).toMatch(message);
      expect(await written(target, fresh.id), name).toEqual(before);
    }
  });

  it('a copy over this server’s limits is restored as failed, with the reason', async () => {
    const pdfBytes = (await storedColumns(source, ids.pdf)).stored_bytes;
    const small = await createTestApp({
      config: { copyReadableMaxBytes: 512, copiesAccountMaxBytes: pdfBytes - 1 },
    });
    try {
      const fresh = await small.createUser();
      const res = await restore(small, fresh, backupText);
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ posts: 4, page_copies: 0, page_copies_skipped: 2 });
      const article = await restoredId(small, fresh, urls.article);
      expect((await copyOf(small, fresh, article)).body.data).toMatchObject({
        status: 'failed',
        copied_at: small.clock().toISOString(),
        failure: { reason: 'too_large', text: expect.stringContaining('larger than the') },
        html: null,
      });
      const pdf = await restoredId(small, fresh, urls.pdf);
      expect((await copyOf(small, fresh, pdf)).body.data.failure).toEqual({
        reason: 'account_full',
        text: expect.stringContaining('an account may use'),
      });
      expect((await snapshotOf(small, fresh, pdf)).status).toBe(404);
      expect(await small.store.list('snapshots')).toEqual([]);
      expect(await found(small, fresh, 'brave in:page')).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('that fails after its snapshots were written removes them again', async () => {
    const broken = await createTestApp();
    try {
      // Copy rows are refused: each snapshot is written just before its row.
      if (broken.dialect === 'sqlite') {
        await sql`CREATE TRIGGER refuse_copies BEFORE INSERT ON page_copies BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(
          broken.db,
        );
      } else {
        await sql`CREATE FUNCTION refuse_copies() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(
          broken.db,
        );
        await sql`CREATE TRIGGER refuse_copies BEFORE INSERT ON page_copies FOR EACH ROW EXECUTE FUNCTION refuse_copies()`.execute(
          broken.db,
        );
      }
      const fresh = await broken.createUser();
      const res = await restore(broken, fresh, backupText);
      expect(res.status).toBe(500);
      expect(await written(broken, fresh.id)).toEqual({
        posts: 0,
        collections: 0,
        tags: 0,
        copies: 0,
        snapshots: [],
      });
    } finally {
      await broken.close();
    }
  });

  it('reads a backup of format 1, made before backups carried copies', async () => {
    const file = readFileSync(
      new URL('../../test/fixtures/backups/version-1.json', import.meta.url),
    );
    const fresh = await target.createUser();
    const res = await target.call(bookmarksIoEndpoints.restore, {
      token: fresh.token,
      file: { name: 'nestmark-backup-2026-01-10.json', bytes: file },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      collections: 1,
      posts: 2,
      tags: 1,
      page_copies: 0,
      page_copies_skipped: 0,
    });
    // Its link's preview was fetched: its copy is asked for now, as for a new link.
    const link = await restoredId(target, fresh, 'https://one.example/article');
    expect((await copyOf(target, fresh, link)).body.data.status).toBe('queued');
    expect(await found(target, fresh, 'again next week')).toEqual(['A note: text']);
  });

  it('a snapshot that would inflate past the page limit is restored as failed, too large', async () => {
    // A small file that would inflate to 64 MB: refused as too large, not read whole.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const fresh = await target.createUser();
    const res = await restore(
      target,
      fresh,
      withCopy(ids.article, (copy) => ({ ...copy, snapshot_gz: bomb.toString('base64') })),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ page_copies: 1, page_copies_skipped: 1 });
    const article = await restoredId(target, fresh, urls.article);
    expect((await copyOf(target, fresh, article)).body.data.failure?.reason).toBe('too_large');
  });
});
