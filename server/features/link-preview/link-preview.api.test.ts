import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEndpoints, fileNameOf } from '../../../contract/files.ts';
import { linkPreviewEndpoints } from '../../../contract/link-preview.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { buildApp } from '../../app.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { importFile } from '../../test/bookmark-imports.ts';
import { localSitesFetcher, siteName, startLocalSites } from '../../test/local-sites.ts';
import {
  createTestApp,
  multipartFile,
  type CallInput,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { createGuardedFetcher, type LinkFetcher } from './guarded-fetcher.ts';
import { DEFAULT_PREVIEW_LEASE_MS } from '../../config.ts';

/*
 * Link previews end to end: posts saved at once as 'pending', filled in by the worker from pages
 * of a local server on 127.0.0.1 (reachable only through the fetcher's test-only allowance),
 * thumbnails and favicons stored and served by Nestmark, GET /api/meta.
 */

let pages: LocalServer;
let fetcher: LinkFetcher;
let t: TestApp;
let ada: TestUser;
let cover: Buffer;
let icon: Buffer;

const windows1251 = Buffer.from(
  '<html><head><meta charset="windows-1251"><title>\xcf\xf0\xe8\xe2\xe5\xf2</title></head></html>',
  'latin1',
);

function articleHtml(title: string) {
  return `<!doctype html><html><head>
    <title>${title} | Example</title>
    <meta property="og:title" content="${title}">
    <meta name="description" content="What the article is about &amp; more.">
    <meta property="og:image" content="/images/cover.png">
    <meta name="theme-color" content="#336699">
    <link rel="icon" href="/icon.png" sizes="64x64">
  </head><body><h1>${title}</h1></body></html>`;
}

function respond(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url!, 'http://pages');
  const html = (body: string | Buffer) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(body);
  switch (url.pathname) {
    case '/article':
      return html(articleHtml(url.searchParams.get('title') ?? 'A fine article'));
    case '/plain':
      return html('<title>Just a title</title>');
    case '/serpent':
      return html(articleHtml('Sightings of the feathered serpent'));
    case '/cyrillic':
      return html(windows1251);
    case '/images/cover.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    case '/icon.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(icon);
    case '/photo.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    case '/to-metadata':
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    default:
      return response.writeHead(404).end();
  }
}

beforeAll(async () => {
  cover = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#228844' } })
    .png()
    .toBuffer();
  icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#cc3300' } })
    .png()
    .toBuffer();
  pages = await startLocalServer(respond);
  // The test-only allowance: this one server on loopback, nothing else.
  fetcher = createGuardedFetcher({
    allowAddress: (address, port) => address === '127.0.0.1' && port === pages.port,
  });
  t = await createTestApp({ fetcher });
  ada = await t.createUser();
});
afterAll(async () => {
  await t.close();
  await fetcher.close();
  await pages.close();
});

const hitsOf = (path: string) => pages.hits.filter((hit) => hit === path).length;

async function createLink(
  url: string,
  extra: Omit<CallInput<typeof postEndpoints.create>['body'], 'content'> = {},
) {
  return createAs(t, ada).post({ content: url, ...extra });
}

async function getPost(id: number) {
  const res = await t.call(postEndpoints.get, { token: ada.token, params: { id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** `GET /api/files/{name}` of a stored file's path (`/api/files/<name>`) as a post holds it. */
function getFile(path: string | null) {
  return t.call(fileEndpoints.get, { params: { name: fileNameOf(path ?? '') } });
}

describe('background link previews', () => {
  it('saves the post at once, then fills in title, description, colour, thumbnail and favicon', async () => {
    const url = `${pages.origin}/article`;
    const post = await createLink(url);
    expect(post).toMatchObject({ title: url, preview_status: 'pending' });

    expect(await t.app.previews.drain()).toBe(1);
    const done = await getPost(post.id);
    expect(done).toMatchObject({
      title: 'A fine article',
      description: 'What the article is about & more.',
      color: '#336699',
      preview_status: 'done',
      base_url: pages.origin,
    });
    expect(done.image_path).toMatch(/^\/api\/files\/[\w-]+\.webp$/);

    const thumbnail = await getFile(done.image_path);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 400, height: 210 });

    const favicon = await t.call(linkPreviewEndpoints.favicon, {
      token: ada.token,
      params: { host: `127.0.0.1:${pages.port}` },
    });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/png');
    expect(favicon.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(favicon.bytes).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it('makes what the preview found searchable', async () => {
    const post = await createLink(`${pages.origin}/serpent`);
    const search = () =>
      t.call(postEndpoints.list, { token: ada.token, query: { filter: 'feathered', limit: 0 } });
    expect((await search()).body.data).toEqual([]);
    await t.app.previews.drain();
    expect((await search()).body.data.map((found) => found.id)).toEqual([post.id]);
  });

  it('removes the thumbnail of a post deleted for good', async () => {
    const post = await createLink(`${pages.origin}/article?title=Short-lived`);
    await t.app.previews.drain();
    const { image_path } = await getPost(post.id);
    expect((await getFile(image_path)).status).toBe(200);
    await t.call(postEndpoints.delete, { token: ada.token, params: { id: post.id } });
    expect(
      (
        await t.call(postEndpoints.clearRecycleBin, {
          token: ada.token,
          query: { is_trashed: '1' },
        })
      ).status,
    ).toBe(204);
    await t.app.previews.drain();
    expect((await getFile(image_path)).status).toBe(404);
    const rows = await t.db
      .selectFrom('files')
      .select('name')
      .where('post_id', 'is', null)
      .where('kind', '=', 'thumbnail')
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps a title and description the user gave', async () => {
    const post = await createLink(`${pages.origin}/article?title=Other`, {
      title: 'My own title',
      description: 'My own words',
    });
    await t.app.previews.drain();
    expect(await getPost(post.id)).toMatchObject({
      title: 'My own title',
      description: 'My own words',
      color: '#336699',
      preview_status: 'done',
    });
  });

  it('an imported bookmark shows the title and description of its file at once; its preview keeps them and adds the rest', async () => {
    const named = `${pages.origin}/article?title=The%20page%20calls%20itself%20this`;
    const bare = `${pages.origin}/article?title=Filled%20in`;
    const file = Buffer.from(
      `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>
      <DT><A HREF="${named}">What the file calls it</A>
      <DD>The file&#39;s own words
      <DT><A HREF="${bare}"></A>
      </DL>`,
    );
    await importFile(t, ada, 'bookmarks.html', file);
    const postOf = (url: string) =>
      t.db
        .selectFrom('posts')
        .select(['title', 'description', 'color', 'image_path', 'preview_status'])
        .where('url', '=', url)
        .executeTakeFirstOrThrow();
    expect(await postOf(named)).toMatchObject({
      title: 'What the file calls it',
      description: "The file's own words",
      preview_status: 'pending',
    });
    await t.app.previews.drain();
    const kept = await postOf(named);
    expect(kept).toMatchObject({
      title: 'What the file calls it',
      description: "The file's own words",
      color: '#336699',
      preview_status: 'done',
    });
    expect(kept.image_path).toMatch(/\.webp$/);
    // Without a title or description in the file, the page's fill the empty fields.
    expect(await postOf(bare)).toMatchObject({
      title: 'Filled in',
      description: 'What the article is about & more.',
      preview_status: 'done',
    });
  });

  it('reads a page in its charset, and uses a linked image as its own thumbnail', async () => {
    const page = await createLink(`${pages.origin}/cyrillic`);
    const image = await createLink(`${pages.origin}/photo.png`);
    await t.app.previews.drain();
    expect((await getPost(page.id)).title).toBe('Привет');
    const photo = await getPost(image.id);
    expect(photo).toMatchObject({ title: `${pages.origin}/photo.png`, preview_status: 'done' });
    expect(photo.image_path).toMatch(/\.webp$/);
  });

  it('a failed preview leaves a usable post titled by its URL: HTTP errors, refused addresses, refused redirects', async () => {
    const before = pages.hits.length;
    const missing = await createLink(`${pages.origin}/missing`);
    const metadata = await createLink('http://169.254.169.254/latest/meta-data/');
    const redirected = await createLink(`${pages.origin}/to-metadata`);
    expect(await t.app.previews.drain()).toBe(3);
    for (const post of [missing, metadata, redirected]) {
      const failed = await getPost(post.id);
      expect(failed).toMatchObject({
        preview_status: 'failed',
        title: post.title,
        image_path: null,
      });
    }
    // Only the two local pages were asked; the metadata address never was.
    expect(pages.hits.slice(before).sort()).toEqual(['/missing', '/to-metadata']);
    const list = await t.call(postEndpoints.list, {
      token: ada.token,
      query: { collection_id: 0 },
    });
    expect(list.status).toBe(200);
  });

  it('fetches a new link when the content changes, and keeps the preview when only the title does', async () => {
    const post = await createLink(`${pages.origin}/article?title=First`);
    await t.app.previews.drain();
    const retitled = await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id: post.id },
      body: { title: 'Renamed' },
    });
    expect(retitled.body.data).toMatchObject({ title: 'Renamed', preview_status: 'done' });

    const relinked = await t.call(postEndpoints.update, {
      token: ada.token,
      params: { id: post.id },
      body: { content: `${pages.origin}/plain`, title: '' },
    });
    expect(relinked.body.data).toMatchObject({
      preview_status: 'pending',
      title: `${pages.origin}/plain`,
      image_path: null,
      color: null,
    });
    await t.app.previews.drain();
    expect(await getPost(post.id)).toMatchObject({ title: 'Just a title', preview_status: 'done' });
  });

  it('resumes after a restart: pending posts and abandoned claims are picked up when the server starts', async () => {
    const waiting = await createLink(`${pages.origin}/article?title=Waiting`);
    const abandoned = await createLink(`${pages.origin}/article?title=Abandoned`);
    const busy = await createLink(`${pages.origin}/article?title=Busy`);
    const now = t.clock().getTime();
    // A process died while holding this claim 10 minutes ago; another holds a fresh one. A claim
    // also sets when it runs out.
    const claimedAgo = async (id: number, ms: number) =>
      t.db
        .updateTable('posts')
        .set({
          preview_claimed_at: new Date(now - ms).toISOString(),
          preview_attempts: 1,
          preview_retry_at: new Date(now - ms + DEFAULT_PREVIEW_LEASE_MS).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    await claimedAgo(abandoned.id, 10 * 60_000);
    await claimedAgo(busy.id, 30_000);

    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      logging: false,
      fetcher,
      // Page copies share the host leases: here they would hold the local server's host.
      backgroundCopies: false,
    });
    await restarted.ready();
    // Background mode started working at once; drain waits for that run to end.
    await restarted.previews.drain();
    await restarted.close();

    expect(await getPost(waiting.id)).toMatchObject({ title: 'Waiting', preview_status: 'done' });
    expect(await getPost(abandoned.id)).toMatchObject({
      title: 'Abandoned',
      preview_status: 'done',
    });
    expect((await getPost(busy.id)).preview_status).toBe('pending');
  });

  it('an import wakes the worker: its links get their previews without waiting for a round', async () => {
    const server = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      logging: false,
      fetcher,
      backgroundCopies: false,
    });
    await server.ready();
    await server.previews.drain();
    const file = Buffer.from(
      `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><A HREF="${pages.origin}/article?title=Imported">Imported</A></DL>`,
    );
    const started = await server.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { authorization: `Bearer ${ada.token}`, ...multipartFile('b.html', file).headers },
      payload: multipartFile('b.html', file).payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    // The worker's own rounds are 30 s apart: only the import's wake-up makes this in time.
    await expect
      .poll(
        async () => {
          const found = await t.call(postEndpoints.list, {
            token: ada.token,
            query: { filter: 'imported', limit: 1 },
          });
          return found.body.data[0]?.preview_status;
        },
        { timeout: 10_000 },
      )
      .toBe('done');
    await server.close();
  });

  it('two processes never fetch the same post', async () => {
    const second = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      logging: false,
      fetcher,
      backgroundPreviews: false,
      backgroundCopies: false,
    });
    const posts = [];
    for (let n = 0; n < 8; n++)
      posts.push(await createLink(`${pages.origin}/article?title=Race${n}`));
    const [one, two] = await Promise.all([t.app.previews.drain(), second.previews.drain()]);
    await second.close();
    // The 'busy' post of the previous test is still held by its (imaginary) other process.
    expect(one + two).toBe(8);
    for (let n = 0; n < 8; n++) expect(hitsOf(`/article?title=Race${n}`)).toBe(1);
    for (const post of posts) expect((await getPost(post.id)).preview_status).toBe('done');
  });
});

describe('GET /api/meta', () => {
  it('answers what the page says about itself, and caches its favicon', async () => {
    const url = `${pages.origin}/article?title=Meta`;
    const res = await t.call(linkPreviewEndpoints.meta, { token: ada.token, query: { url } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      url,
      base_url: pages.origin,
      title: 'Meta',
      description: 'What the article is about & more.',
      color: '#336699',
      image_path: `${pages.origin}/images/cover.png`,
    });
  });

  it('gives the URL as the title when the page cannot be fetched (PRODUCT.md#messages: not the user’s problem)', async () => {
    const url = `${pages.origin}/missing`;
    const res = await t.call(linkPreviewEndpoints.meta, { token: ada.token, query: { url } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ url, title: url, description: null, image_path: null });
  });

  it('422 for an address Nestmark refuses to reach, 400 for what is not an http(s) URL, 401 without a token', async () => {
    for (const url of [
      'http://127.0.0.1:22/',
      'http://localhost/',
      'http://[::1]/',
      `${pages.origin}/to-metadata`,
    ]) {
      const res = await t.call(linkPreviewEndpoints.meta, { token: ada.token, query: { url } });
      expect(res.status, url).toBe(422);
      expect(res.error?.code).toBe('UNPROCESSABLE');
    }
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', '']) {
      const res = await t.call(linkPreviewEndpoints.meta, { token: ada.token, query: { url } });
      expect(res.status, url).toBe(400);
    }
    expect((await t.call(linkPreviewEndpoints.meta, { query: { url: pages.origin } })).status).toBe(
      401,
    );
  });
});

describe('GET /api/favicons/{host}', () => {
  it('a neutral globe for a host without a cached favicon (nothing is fetched), 400 for what is not a host', async () => {
    const before = pages.hits.length;
    const none = await t.call(linkPreviewEndpoints.favicon, {
      token: ada.token,
      params: { host: 'never-seen.example' },
    });
    expect(none.status).toBe(200);
    expect(none.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(none.headers['cache-control']).toBe('public, max-age=3600');
    expect(none.headers['content-security-policy']).toContain('sandbox');
    expect(none.text).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    expect(none.text).not.toMatch(/script|href/i);
    expect(pages.hits.length).toBe(before);
    for (const host of ['a..b', 'UPPER.example']) {
      expect(
        (await t.call(linkPreviewEndpoints.favicon, { token: ada.token, params: { host } })).status,
        host,
      ).toBe(400);
    }
    // Encoded dots, which t.call would not write: sent as is.
    expect(
      (await t.request('GET', '/api/favicons/%2e%2e%2fjwt-secret', { token: ada.token })).status,
    ).toBe(400);
  });
});

describe('favicon candidates', () => {
  it('fetches at most 3 of the icons a page lists (40 icons on one page)', async () => {
    const iconLinks = Array.from(
      { length: 40 },
      (_, n) => `<link rel="icon" href="/icons/${n}.png" sizes="64x64">`,
    ).join('');
    const sites = await startLocalSites((_host, request, response) => {
      if (request.url === '/many-icons') {
        return response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<html><head><title>Icons</title>${iconLinks}</head></html>`);
      }
      // Not an image: each candidate fails, so an uncapped loop would try every one.
      return response.writeHead(200, { 'content-type': 'image/png' }).end('not a png');
    });
    const sitesFetcher = localSitesFetcher(sites.port);
    const app = await createTestApp({ fetcher: sitesFetcher });
    try {
      const user = await app.createUser();
      const url = `${sites.origin(1)}/many-icons`;
      const res = await app.call(linkPreviewEndpoints.meta, { token: user.token, query: { url } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'Icons' });
      const icons = sites.requests.filter((request) => request.path !== '/many-icons');
      expect(icons).toEqual([0, 1, 2].map((n) => ({ host: siteName(1), path: `/icons/${n}.png` })));
    } finally {
      await app.close();
      await sitesFetcher.close();
      await sites.close();
    }
  });
});
