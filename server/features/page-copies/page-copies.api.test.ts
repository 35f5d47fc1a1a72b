import { gunzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileEndpoints, fileNameOf } from '../../../contract/files.ts';
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
import type { LinkFetcher } from '../link-preview/guarded-fetcher.ts';
import { foldCase } from '../search/search-query.ts';
import { COPY_LEASE_MS, createPageCopyWorker } from './page-copy-worker.ts';
import { snapshotHtml } from './page-snapshot.ts';

/*
 * Page copies end to end: a link post saved through the API, its preview (which queues the copy)
 * and its copy made by draining the workers, pages served by a local server on 127.0.0.1. Caps
 * are small here (64 KB pages, 8 KB readable copies, 1 MB per account) so that going over them
 * takes little data.
 */

const KB = 1024;
const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the article says something worth keeping about saved pages, readable copies and the links that rot away over the years.</p>`;
const ARTICLE = `<!doctype html><html lang="en"><head><title>Copies of Pages</title>
<meta name="author" content="Ada Lovelace"><meta property="og:site_name" content="Local Site">
<script>window.evil = 1</script></head>
<body><nav>Home · About</nav><article><h1>Copies of Pages</h1>
${Array.from({ length: 8 }, (_, n) => paragraph(n)).join('\n')}
<p>ÇA MARCHE with Straße.</p></article></body></html>`;
const PDF = pdfOf(['Hello brave new world', 'Second page of the PDF'], 'A PDF Title');
/** A picture a page names as its own (og:image): 800 × 600, one colour. */
let picture: Buffer;

/** Whether the page at /rotting is gone (404) or still there (the article). */
let rotted = false;

function respond(_host: string, request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url!, 'http://local').pathname;
  const html = (body: string) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  switch (path) {
    case '/article':
    case '/other-article':
      return html(ARTICLE);
    case '/rotting':
      return rotted ? response.writeHead(404).end() : html(ARTICLE);
    case '/doc.pdf':
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    case '/negotiated.pdf':
      // The PDF to whoever accepts one (a copy); to a preview, which asks for HTML, a page naming
      // a picture, which becomes the post's.
      if (request.headers.accept?.includes('application/pdf')) {
        return response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
      }
      return html(
        '<html><head><title>A paper</title><meta property="og:image" content="/picture.png"></head></html>',
      );
    case '/picture.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    case '/image':
      return response.writeHead(200, { 'content-type': 'image/png' }).end('not really a png');
    case '/raw-too-large':
      return html(`<p>${'x'.repeat(80 * KB)}</p>`);
    case '/readable-too-large':
      return html(
        `<article>${Array.from({ length: 120 }, (_, n) => paragraph(n)).join('')}</article>`,
      );
    case '/missing':
      return response.writeHead(404).end();
    case '/slow':
      return; // never answers: the guard's time limit ends it
    default:
      return response.writeHead(404).end();
  }
}

let sites: LocalSites;
let fetcher: LinkFetcher;
let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#228844' } })
    .png()
    .toBuffer();
  sites = await startLocalSites(respond);
  fetcher = localSitesFetcher(sites.port, { timeoutMs: 1_000 });
  t = await createTestApp({
    fetcher,
    config: {
      copyPageMaxBytes: 64 * KB,
      copyReadableMaxBytes: 8 * KB,
      copyPdfMaxBytes: 64 * KB,
      copiesAccountMaxBytes: 1024 * KB,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fetcher.close();
  await sites.close();
});
beforeEach(async () => {
  ada = await t.createUser();
});

/** A link post of `user`'s saved through the API, its preview and copy made. @returns its id */
async function savedLink(user: TestUser, url: string, collectionId?: number): Promise<number> {
  const post = await createAs(t, user).post({ content: url, collection_id: collectionId });
  await t.app.previews.drain();
  await t.app.pageCopies.drain();
  return post.id;
}

const copyOf = (user: { token: string }, id: number) =>
  t.call(pageCopyEndpoints.get, { token: user.token, params: { id } });

describe('a saved link post', () => {
  it('gets the readable copy of its article, with what the page says of itself', async () => {
    const id = await savedLink(ada, `http://${siteName(1)}:${sites.port}/article`);
    const copy = (await copyOf(ada, id)).body.data;
    expect(copy).toMatchObject({
      status: 'saved',
      copied_at: t.clock().toISOString(),
      failure: null,
      kind: 'article',
      title: 'Copies of Pages',
      byline: 'Ada Lovelace',
      site_name: 'Local Site',
      lang: 'en',
      reading_minutes: 1,
    });
    expect(copy.word_count).toBeGreaterThan(150);
    expect(copy.html).toContain('Paragraph 7 of the article');
    expect(copy.html).not.toContain('script');
    expect(copy.html).not.toContain('Home · About');

    const row = await t.db
      .selectFrom('page_copies')
      .select(['text_gz', 'search_text', 'stored_bytes', 'user_id'])
      .where('post_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(ada.id);
    const text = gunzipSync(row.text_gz!).toString('utf8');
    expect(text).toContain('ÇA MARCHE with Straße.');
    // Case-folded as search folds it.
    expect(row.search_text).toBe(foldCase(text));
    expect(row.search_text).toContain('ça marche with');
    expect(row.stored_bytes).toBeGreaterThan(0);

    const snapshot = await t.call(pageCopyEndpoints.snapshot, { token: ada.token, params: { id } });
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(snapshot.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https: http:; frame-ancestors 'self'",
    );
    // Framed by the reader view only: Nestmark's own pages, where other responses say DENY.
    expect(snapshot.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(snapshot.headers['x-content-type-options']).toBe('nosniff');
    // The page as fetched, script and all (the CSP keeps it from running), based on its address.
    const pageUrl = `http://${siteName(1)}:${sites.port}/article`;
    expect(snapshot.text).toBe(await snapshotHtml(ARTICLE, pageUrl));
    expect(snapshot.text).toContain(`<head><base href="${pageUrl}"><title>Copies of Pages</title>`);
    expect(snapshot.text).toContain('<script>window.evil = 1</script>');
  });

  it('gets the text of a PDF, and keeps the PDF', async () => {
    const id = await savedLink(ada, `http://${siteName(2)}:${sites.port}/doc.pdf`);
    expect((await copyOf(ada, id)).body.data).toMatchObject({
      status: 'saved',
      kind: 'pdf',
      title: 'A PDF Title',
      word_count: 9,
      html: null,
    });
    const snapshot = await t.call(pageCopyEndpoints.snapshot, { token: ada.token, params: { id } });
    expect(snapshot.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(snapshot.bytes, Buffer.from(PDF))).toBe(0);
  });

  it('has no copy while none was asked for, and a text post has none to refresh', async () => {
    const text = await createAs(t, ada).post({ content: '<p>Just a note</p>' });
    expect((await copyOf(ada, text.id)).body.data).toMatchObject({ status: 'none', html: null });
    const refresh = await t.call(pageCopyEndpoints.refresh, {
      token: ada.token,
      params: { id: text.id },
    });
    expect(refresh.status).toBe(400);
    const snapshot = await t.call(pageCopyEndpoints.snapshot, {
      token: ada.token,
      params: { id: text.id },
    });
    expect(snapshot.status).toBe(404);
  });
});

describe('a copy that cannot be made', () => {
  it.each([
    ['/image', { reason: 'not_html_or_pdf', text: expect.stringContaining('image/png') }],
    ['/raw-too-large', { reason: 'too_large', text: expect.stringContaining('64 KB') }],
    ['/readable-too-large', { reason: 'too_large', text: expect.stringContaining('8 KB') }],
    ['/missing', { reason: 'http_status', text: 'The page answered with HTTP status 404.' }],
    ['/slow', { reason: 'timeout', text: 'The page took too long to answer or to read.' }],
  ])('%s fails with its reason', async (path, failure) => {
    const id = await savedLink(ada, `http://${siteName(3)}:${sites.port}${path}`);
    if (path === '/slow') {
      // Its preview waits for a retry (a passing failure): the copy is asked for by hand.
      await t.call(pageCopyEndpoints.refresh, { token: ada.token, params: { id } });
      await t.app.pageCopies.drain();
    }
    expect((await copyOf(ada, id)).body.data).toMatchObject({
      status: 'failed',
      copied_at: t.clock().toISOString(),
      failure,
      kind: null,
      html: null,
    });
    expect(await t.store.read('snapshots', `${id}.gz`)).toBeUndefined();
  });

  it('is refused on a private address, never fetched', async () => {
    const before = sites.requests.length;
    const id = await savedLink(ada, `http://127.0.0.1:${sites.port + 1}/article`);
    expect((await copyOf(ada, id)).body.data.failure).toEqual({
      reason: 'blocked_address',
      text: 'The page is on an address Nestmark does not fetch (a private or local network).',
    });
    expect(sites.requests.length).toBe(before);
  });

  it('fails once the account’s copies would take more than COPIES_MAX_MB', async () => {
    const first = await savedLink(ada, `http://${siteName(4)}:${sites.port}/article`);
    // The account's other copies take all but a few bytes of its megabyte.
    await t.db
      .updateTable('page_copies')
      .set({ stored_bytes: 1024 * KB - 10 })
      .where('post_id', '=', first)
      .execute();
    const id = await savedLink(ada, `http://${siteName(4)}:${sites.port}/other-article`);
    expect((await copyOf(ada, id)).body.data.failure).toEqual({
      reason: 'account_full',
      text: 'Your page copies would take more than the 1 MB an account may use.',
    });
    // Another account is not held back by Ada's.
    const bob = await t.createUser();
    const other = await savedLink(bob, `http://${siteName(4)}:${sites.port}/other-article`);
    expect((await copyOf(bob, other)).body.data.status).toBe('saved');
  });
});

describe('the copy worker', () => {
  /**
   * A copy worker (one lane) whose stand-in copies nothing and records the posts it claimed, in
   * order. Its claims stay, so `forget` removes them (and their host leases) afterwards.
   */
  function standInWorker(onHostFreed?: () => void) {
    const made: number[] = [];
    const worker = createPageCopyWorker({
      db: t.db,
      clock: t.clock,
      copies: {
        copy: (claim) => {
          made.push(claim.postId);
          return Promise.resolve('saved');
        },
      },
      log: t.app.log,
      concurrency: 1,
      onHostFreed,
    });
    const forget = async (posts: number[]) => {
      await t.db.deleteFrom('page_copies').where('post_id', 'in', posts).execute();
      await t.db.deleteFrom('preview_hosts').where('post_id', 'in', posts).execute();
    };
    return { worker, made, forget };
  }

  it('says when a copy ended, so that a preview waiting for the same host goes on at once', async () => {
    const post = await createAs(t, ada).post({
      content: `http://${siteName(11)}:${sites.port}/article`,
    });
    await t.app.previews.drain();
    let freed = 0;
    const { worker, made, forget } = standInWorker(() => freed++);
    expect(await worker.drain()).toBe(1);
    expect(made).toEqual([post.id]);
    expect(freed).toBe(1);
    await forget([post.id]);
  });

  it("takes turns by user, each user's newest post first: an import does not hold back another user's link", async () => {
    const bob = await t.createUser();
    const link = async (user: TestUser, site: number) => {
      const post = await createAs(t, user).post({
        content: `http://${siteName(site)}:${sites.port}/article`,
      });
      await t.app.previews.drain();
      t.clock.advance(1_000);
      return post.id;
    };
    const adas = [await link(ada, 20), await link(ada, 21), await link(ada, 22)];
    const bobs = await link(bob, 23);
    const { worker, made, forget } = standInWorker();
    expect(await worker.drain()).toBe(4);
    // Neither was served yet: Ada (the first user) goes first, then Bob, whose turn is older.
    expect(made).toEqual([adas[2], bobs, adas[1], adas[0]]);
    await forget([...adas, bobs]);
  });
});

describe('asking for copies', () => {
  it('refreshes a copy on request: queued (202) with the copy it had, then saved again', async () => {
    const id = await savedLink(ada, `http://${siteName(5)}:${sites.port}/article`);
    const before = (await copyOf(ada, id)).body.data;
    t.clock.advance(60_000);
    const refresh = await t.call(pageCopyEndpoints.refresh, { token: ada.token, params: { id } });
    expect(refresh.status).toBe(202);
    // Until the new copy is made the old one is read, and its snapshot served.
    expect(refresh.body.data).toEqual({ ...before, status: 'queued' });
    const snapshot = await t.call(pageCopyEndpoints.snapshot, { token: ada.token, params: { id } });
    expect(snapshot.status).toBe(200);
    expect(await t.app.pageCopies.drain()).toBe(1);
    expect((await copyOf(ada, id)).body.data).toMatchObject({
      status: 'saved',
      copied_at: t.clock().toISOString(),
      failure: null,
      html: before.html,
    });
  });

  it('keeps the copy when a refresh fails: the page is gone, its copy is not', async () => {
    rotted = false;
    const id = await savedLink(ada, `http://${siteName(9)}:${sites.port}/rotting`);
    const saved = (await copyOf(ada, id)).body.data;
    expect(saved.status).toBe('saved');
    rotted = true;
    t.clock.advance(60_000);
    await t.call(pageCopyEndpoints.refresh, { token: ada.token, params: { id } });
    expect(await t.app.pageCopies.drain()).toBe(1);
    expect((await copyOf(ada, id)).body.data).toEqual({
      ...saved,
      failure: { reason: 'http_status', text: expect.stringContaining('404') as string },
    });
    const snapshot = await t.call(pageCopyEndpoints.snapshot, { token: ada.token, params: { id } });
    expect(snapshot.status).toBe(200);
    const row = await t.db
      .selectFrom('page_copies')
      .select('search_text')
      .where('post_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain('readable copies');

    // A new link is another page: its copy starts afresh, and a failure leaves none.
    await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id },
      body: { content: `http://${siteName(9)}:${sites.port}/missing` },
    });
    await t.app.previews.drain();
    await t.app.pageCopies.drain();
    expect((await copyOf(ada, id)).body.data).toMatchObject({
      status: 'failed',
      html: null,
      kind: null,
      failure: { reason: 'http_status' },
    });
    const gone = await t.call(pageCopyEndpoints.snapshot, { token: ada.token, params: { id } });
    expect(gone.status).toBe(404);
  });

  it('queues no copy while the owner turned automatic copies off; refresh still copies', async () => {
    const off = await t.call(userEndpoints.update, {
      token: ada.token,
      params: { id: ada.id },
      body: { auto_page_copies: false },
    });
    expect(off.body.data.auto_page_copies).toBe(false);
    const id = await savedLink(ada, `http://${siteName(6)}:${sites.port}/article`);
    expect((await copyOf(ada, id)).body.data.status).toBe('none');
    await t.call(pageCopyEndpoints.refresh, { token: ada.token, params: { id } });
    await t.app.pageCopies.drain();
    expect((await copyOf(ada, id)).body.data.status).toBe('saved');
  });

  it('copies a post again when its link changes', async () => {
    const id = await savedLink(ada, `http://${siteName(7)}:${sites.port}/article`);
    await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id },
      body: { content: `http://${siteName(7)}:${sites.port}/doc.pdf` },
    });
    await t.app.previews.drain();
    await t.app.pageCopies.drain();
    expect((await copyOf(ada, id)).body.data).toMatchObject({ status: 'saved', kind: 'pdf' });
  });

  it('takes over a copy whose claim was abandoned, after the lease time', async () => {
    const post = await createAs(t, ada).post({
      content: `http://${siteName(8)}:${sites.port}/article`,
    });
    await t.app.previews.drain();
    // A process claimed the copy and its host, then died.
    const claimedAt = t.clock().toISOString();
    await t.db
      .updateTable('page_copies')
      .set({ claimed_at: claimedAt })
      .where('post_id', '=', post.id)
      .execute();
    await t.db
      .insertInto('preview_hosts')
      .values({ host: siteName(8), post_id: post.id, claimed_at: claimedAt })
      .execute();
    expect(await t.app.pageCopies.drain()).toBe(0);
    expect((await copyOf(ada, post.id)).body.data.status).toBe('queued');
    t.clock.advance(COPY_LEASE_MS + 1);
    expect(await t.app.pageCopies.drain()).toBe(1);
    expect((await copyOf(ada, post.id)).body.data.status).toBe('saved');
    expect(await t.db.selectFrom('preview_hosts').selectAll().execute()).toEqual([]);
  });
});

describe('who sees a copy', () => {
  it('whoever may read the post: its owner, members and public share links; 404 for others', async () => {
    const as = createAs(t, ada);
    const shared = await as.collection({ name: 'Shared' });
    const id = await savedLink(ada, `http://${siteName(9)}:${sites.port}/article`, shared.id);
    const member = await t.createUser();
    await as.privateShare({ collection_id: shared.id, user_id: member.id, permission: 4 });
    const link = await as.publicShare({ collection_id: shared.id });
    const stranger = await t.createUser();

    expect((await copyOf(member, id)).body.data.status).toBe('saved');
    expect((await copyOf({ token: link.token }, id)).body.data.status).toBe('saved');
    const snapshot = await t.call(pageCopyEndpoints.snapshot, {
      token: link.token,
      params: { id },
    });
    expect(snapshot.status).toBe(200);
    expect((await copyOf(stranger, id)).status).toBe(404);
    const strangerSnapshot = await t.call(pageCopyEndpoints.snapshot, {
      token: stranger.token,
      params: { id },
    });
    expect(strangerSnapshot.status).toBe(404);
    // A member who may only read may not refresh; a stranger learns nothing.
    const memberRefresh = await t.call(pageCopyEndpoints.refresh, {
      token: member.token,
      params: { id },
    });
    expect(memberRefresh.status).toBe(403);
    const strangerRefresh = await t.call(pageCopyEndpoints.refresh, {
      token: stranger.token,
      params: { id },
    });
    expect(strangerRefresh.status).toBe(404);
  });
});

describe('a post deleted for good', () => {
  it('takes its copy and its snapshot with it', async () => {
    const id = await savedLink(ada, `http://${siteName(10)}:${sites.port}/article`);
    expect(await t.store.read('snapshots', `${id}.gz`)).toBeDefined();
    await t.call(postEndpoints.delete, { token: ada.token, params: { id } });
    // In the recycle bin the copy is not shown (the post answers 404 too) but kept.
    expect((await copyOf(ada, id)).status).toBe(404);
    expect(await t.store.read('snapshots', `${id}.gz`)).toBeDefined();
    await t.call(postEndpoints.clearRecycleBin, {
      token: ada.token,
      query: { is_trashed: true },
    });
    expect(
      await t.db.selectFrom('page_copies').select('post_id').where('post_id', '=', id).execute(),
    ).toEqual([]);
    expect(await t.store.read('snapshots', `${id}.gz`)).toBeUndefined();
  });
});

describe("a PDF's first page", () => {
  const getPost = async (id: number) =>
    (await t.call(postEndpoints.get, { token: ada.token, params: { id } })).body.data;
  const getFile = (path: string | null) =>
    t.call(fileEndpoints.get, { params: { name: fileNameOf(path ?? '') } });
  const thumbnailsOf = (postId: number) =>
    t.db
      .selectFrom('files')
      .select('name')
      .where('post_id', '=', postId)
      .where('kind', '=', 'thumbnail')
      .execute();

  it("becomes the picture of a post without one, served and removed as a preview's", async () => {
    const id = await savedLink(ada, `http://${siteName(11)}:${sites.port}/doc.pdf`);
    expect((await copyOf(ada, id)).body.data).toMatchObject({ status: 'saved', kind: 'pdf' });
    const { image_path } = await getPost(id);
    expect(image_path).toMatch(/^\/api\/files\/[\w-]+\.webp$/);
    expect(await thumbnailsOf(id)).toEqual([{ name: fileNameOf(image_path!) }]);

    const image = await getFile(image_path);
    expect(image.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(image.bytes).metadata();
    expect({ width, height }).toEqual({ width: 400, height: 210 });
    // The top of the page, where its first line is: not blank paper.
    const pixels = await sharp(image.bytes).removeAlpha().raw().toBuffer();
    expect(pixels.reduce((least, value) => Math.min(least, value), 255)).toBeLessThan(128);

    await t.call(postEndpoints.delete, { token: ada.token, params: { id } });
    await t.call(postEndpoints.clearRecycleBin, { token: ada.token, query: { is_trashed: true } });
    await t.app.previews.drain();
    expect((await getFile(image_path)).status).toBe(404);
  });

  it("leaves the picture a post already has (here its preview's) as it is", async () => {
    const post = await createAs(t, ada).post({
      content: `http://${siteName(12)}:${sites.port}/negotiated.pdf`,
    });
    await t.app.previews.drain();
    const { image_path: previewImage } = await getPost(post.id);
    expect(previewImage).toMatch(/\.webp$/);
    await t.app.pageCopies.drain();

    expect((await copyOf(ada, post.id)).body.data).toMatchObject({
      status: 'saved',
      kind: 'pdf',
    });
    expect((await getPost(post.id)).image_path).toBe(previewImage);
    expect(await thumbnailsOf(post.id)).toEqual([{ name: fileNameOf(previewImage!) }]);
    // The preview's picture (green), not a page drawn on white.
    const image = await getFile(previewImage);
    const { dominant } = await sharp(image.bytes).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('keeps the picture an earlier copy gave when the copy is refreshed', async () => {
    const id = await savedLink(ada, `http://${siteName(13)}:${sites.port}/doc.pdf`);
    const { image_path } = await getPost(id);
    expect(image_path).not.toBeNull();
    await t.call(pageCopyEndpoints.refresh, { token: ada.token, params: { id } });
    await t.app.pageCopies.drain();
    expect((await copyOf(ada, id)).body.data.status).toBe('saved');
    expect((await getPost(id)).image_path).toBe(image_path);
    expect(await thumbnailsOf(id)).toEqual([{ name: fileNameOf(image_path!) }]);
  });
});
