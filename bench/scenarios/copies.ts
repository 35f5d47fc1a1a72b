import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DialectName } from '../../server/db/dialect.ts';
import { foldCase } from '../../server/features/search/search-query.ts';
import { openFreshDatabase } from '../../server/test/fresh-database.ts';
import { startLocalSites } from '../../server/test/local-sites.ts';
import { freePort, signInOwner, startServerProcess } from '../../server/test/server-process.ts';
import { articlePages, type ArticlePage } from '../article-pages.ts';
import {
  p99AndMax,
  percentile,
  probeOtherRequests,
  seededFaker,
  signUpOther,
  startBenchServer,
  timed,
  type BenchServer,
  type Scenario,
  type Table,
} from '../harness.ts';
import { queriesFrom, seed, zipfWords } from './search.ts';

/** Goals of issue 12 (docs/PRODUCT.md#page-copies). */
const GOAL_P95_MS: Record<DialectName, number> = { sqlite: 25, postgres: 60 };
const GOAL_SIZE_RATIO = 2.5;

/** Pages copied in the first half, over this many host names, each answering after a delay. */
const PAGES = 1_000;
const HOSTS = 100;
const PAGE_DELAY_MS = 20;
/** The first half gives up after this long. */
const COPYING_LIMIT_MS = 20 * 60 * 1000;

/** A 1×1 PNG: every picture, logo and favicon of the pages. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Copying {
  /** From the start of the upload until every preview was done, and every copy finished. */
  previewsSeconds: number;
  seconds: number;
  saved: number;
  /** Failed copies by reason. */
  failed: Record<string, number>;
  rssAtStartMb: number;
  peakRssMb: number;
  others: Record<'health' | 'list', number[]>;
}

/** How far the link posts are: previews ended, and copies by status (and failure reason). */
type Progress = {
  /** Link posts whose preview is done or failed. */
  previewed: number;
  copies: { status: string; failure: string | null; n: number }[];
};

/**
 * Reads the progress straight from the server process's database (nothing in the API counts
 * copies): a read-only connection to the SQLite file, or the PostgreSQL database's own.
 */
function progressReader(
  dialect: DialectName,
  dataDir: string,
  postgres?: { db: BenchServer['db'] },
) {
  const previewedSql =
    "select count(*) as n from posts where url is not null and preview_status <> 'pending'";
  const copiesSql =
    'select status, failure, count(*) as n from page_copies group by status, failure';
  if (dialect === 'sqlite') {
    const file = new SQLite(join(dataDir, 'nestmark.db'), { readonly: true, fileMustExist: true });
    return {
      read: (): Promise<Progress> =>
        Promise.resolve({
          previewed: (file.prepare(previewedSql).get() as { n: number }).n,
          copies: file.prepare(copiesSql).all() as Progress['copies'],
        }),
      close: () => file.close(),
    };
  }
  const db = postgres!.db;
  return {
    read: async (): Promise<Progress> => ({
      previewed: Number((await sql.raw<{ n: string }>(previewedSql).execute(db)).rows[0]!.n),
      copies: (
        await sql.raw<Omit<Progress['copies'][number], 'n'> & { n: string }>(copiesSql).execute(db)
      ).rows.map((row) => ({ ...row, n: Number(row.n) })),
    }),
    close: () => {},
  };
}

/**
 * The first half: a server process (from source: `server/test/local-sites-server.ts`, whose
 * fetcher reaches the local page server) with the default PREVIEW_CONCURRENCY and
 * COPIES_CONCURRENCY; its owner imports a Netscape file of PAGES links (page n on host
 * n % HOSTS); the clock runs from the start of the upload until every copy is saved or failed
 * (each link's preview first, then its copy, as for any new link). Meanwhile another user asks
 * GET /api/health and a page of their list, each every 50 ms after the previous answer.
 */
async function measureCopying(dialect: DialectName, pages: ArticlePage[]): Promise<Copying> {
  const sites = await startLocalSites((_host, request, response) => {
    const article = /^\/article\/(\d+)$/.exec(request.url ?? '');
    const page = article ? pages[Number(article[1])] : undefined;
    if (page) {
      void sleep(PAGE_DELAY_MS).then(() =>
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.html),
      );
    } else if (request.url?.endsWith('.png')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  const dataDir = mkdtempSync(join(tmpdir(), `nestmark-bench-copies-${dialect}-`));
  const postgres = dialect === 'postgres' ? await openFreshDatabase('postgres') : undefined;
  const server = await startServerProcess({
    port: await freePort(),
    dataDir,
    databaseUrl: postgres?.url,
    localSitesPort: sites.port,
  });
  const progress = progressReader(dialect, dataDir, postgres);
  try {
    const rssAtStartMb = server.peakRss() / 1024 / 1024;
    const token = await signInOwner(server);
    const other = await signUpOther(server.url, token);
    const probes = await probeOtherRequests({
      health: { url: `${server.url}/api/health` },
      list: { url: `${server.url}/api/posts?limit=20`, headers: other },
    });

    const file = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      '<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>',
      ...pages.map(
        (_, n) =>
          `<DT><A HREF="${sites.origin(n % HOSTS)}/article/${n}" ADD_DATE="1700000000">Article ${n}</A>`,
      ),
      '</DL><p>',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/html' }), 'bookmarks.html');
    const start = performance.now();
    const response = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);

    let previewsSeconds = Number.NaN;
    let finished: Progress['copies'] = [];
    for (;;) {
      const now = await progress.read();
      const seconds = (performance.now() - start) / 1000;
      if (now.previewed === pages.length && Number.isNaN(previewsSeconds))
        previewsSeconds = seconds;
      const done = now.copies.filter((row) => row.status === 'saved' || row.status === 'failed');
      if (done.reduce((sum, row) => sum + row.n, 0) >= pages.length) {
        finished = done;
        break;
      }
      if (seconds * 1000 > COPYING_LIMIT_MS)
        throw new Error(`copies unfinished: ${JSON.stringify(now)}`);
      await sleep(100);
    }
    const seconds = (performance.now() - start) / 1000;
    const others = await probes.stop();
    const failed: Record<string, number> = {};
    for (const row of finished.filter((row) => row.status === 'failed')) {
      const reason = (JSON.parse(row.failure ?? '{}') as { reason?: string }).reason ?? '?';
      failed[reason] = (failed[reason] ?? 0) + row.n;
    }
    return {
      previewsSeconds,
      seconds,
      saved: finished.find((row) => row.status === 'saved')?.n ?? 0,
      failed,
      rssAtStartMb,
      peakRssMb: server.peakRss() / 1024 / 1024,
      others,
    };
  } finally {
    progress.close();
    await server.stop();
    await postgres?.drop();
    await sites.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The first half's table: one row per database. */
export async function copyingTable(dialects: DialectName[]): Promise<Table> {
  const generate = articlePages(seededFaker(1212));
  const pages = Array.from({ length: PAGES }, (_, n) => generate(n));
  const averageKb =
    pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / PAGES / 1024;
  const averageWords = pages.reduce((sum, page) => sum + page.articleWords, 0) / PAGES;
  const rows: (string | number)[][] = [];
  for (const dialect of dialects) {
    const result = await measureCopying(dialect, pages);
    const failures = Object.entries(result.failed).map(([reason, n]) => `${reason} ${n}`);
    rows.push([
      dialect,
      `${result.saved}${failures.length > 0 ? ` (failed: ${failures.join(', ')})` : ''}`,
      result.previewsSeconds.toFixed(1),
      result.seconds.toFixed(1),
      '—',
      (PAGES / result.seconds).toFixed(1),
      Math.round(result.rssAtStartMb),
      Math.round(result.peakRssMb),
      '—',
      p99AndMax(result.others.health),
      p99AndMax(result.others.list),
      Math.round(Math.max(...result.others.health, ...result.others.list)),
      '—',
    ]);
  }
  return {
    title: `copies · ${PAGES.toLocaleString('en')} article pages (${averageKb.toFixed(0)} KB, ${Math.round(averageWords).toLocaleString('en')} article words on average) over ${HOSTS} hosts → every copy saved`,
    columns: [
      'database',
      'copies saved',
      'previews done s',
      'copies done s',
      'goal s',
      'copies/s',
      'RSS at start MB',
      'peak RSS MB',
      'goal MB',
      'health p99/max ms',
      'list p99/max ms',
      'other max ms',
      'goal ms',
    ],
    rows,
    notes: [
      'A server process of its own per database, from source (node --import tsx',
      'server/test/local-sites-server.ts: its fetcher reaches the local page server, on 127.0.0.1',
      `in this process, under ${HOSTS} host names), default PREVIEW_CONCURRENCY and COPIES_CONCURRENCY;`,
      `pages answer after ${PAGE_DELAY_MS} ms. Generated pages (bench/article-pages.ts, seeded): header, navigation, ads,`,
      'pictures, sidebar, comments, footer, inline scripts and state around a ~2,000-word article.',
      'The owner imports a Netscape file of the links; seconds count from the start of the upload:',
      "each link's preview, then its copy (fetch, Readability, snapshot). RSS is the server process's",
      '(VmHWM; at start: once it answered). Meanwhile another user sends GET /api/health and',
      'GET /api/posts?limit=20, each every 50 ms after the previous answer: p99/max.',
    ],
  };
}

/** Link posts (of the search benchmark's 100,000) given a page copy, and its words. */
const COPIES = 20_000;
const WORDS_PER_PAGE = 2_000;
const WORDS_PER_PARAGRAPH = 100;
const RUNS = 10;

/** The database's size in bytes: SQLite's file and its write-ahead log, PostgreSQL's database. */
async function databaseBytes(server: BenchServer): Promise<number> {
  if (server.dialect === 'postgres') {
    await sql`vacuum analyze`.execute(server.db);
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_database_size(current_database()) as bytes`.execute(server.db);
    return Number(rows[0]!.bytes);
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(server.db);
  return statSync(join(server.dataDir, 'nestmark.db')).size;
}

/**
 * Gives COPIES of the user's link posts a saved page copy of WORDS_PER_PAGE words (the search
 * benchmark's Zipf words, in sentences and paragraphs) as the copy worker stores it: readable
 * HTML and text compressed, the text case-folded for search. Returns the raw text's bytes.
 */
async function seedCopies(server: BenchServer, userId: number): Promise<number> {
  const faker = seededFaker(12);
  const { word } = zipfWords(faker);
  const paragraph = () => {
    const text = Array.from({ length: WORDS_PER_PARAGRAPH }, word).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const links = await server.db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'link')
    .orderBy('id')
    .execute();
  const chosen = faker.helpers.arrayElements(links, COPIES).map((post) => post.id);
  let rawBytes = 0;
  const now = new Date().toISOString();
  for (let start = 0; start < chosen.length; start += 500) {
    const rows = chosen.slice(start, start + 500).map((postId) => {
      const paragraphs = Array.from({ length: WORDS_PER_PAGE / WORDS_PER_PARAGRAPH }, paragraph);
      const text = paragraphs.join(' ');
      const html = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
      rawBytes += Buffer.byteLength(text);
      const textGz = gzipSync(text);
      const htmlGz = gzipSync(html);
      const searchText = foldCase(text);
      return {
        post_id: postId,
        user_id: userId,
        status: 'saved' as const,
        requested_at: now,
        copied_at: now,
        kind: 'article' as const,
        word_count: WORDS_PER_PAGE,
        reading_minutes: Math.ceil(WORDS_PER_PAGE / 230),
        html_gz: htmlGz,
        text_gz: textGz,
        search_text: searchText,
        stored_bytes: Buffer.byteLength(searchText) + textGz.length + htmlGz.length,
      };
    });
    await server.db.insertInto('page_copies').values(rows).execute();
  }
  return rawBytes;
}

/** The search benchmark's queries, each also in page text only and outside it. */
function queriesOf(vocabulary: string[]): string[] {
  const base = queriesFrom(vocabulary).filter((query) => !query.includes(':'));
  return [
    ...base,
    ...base.slice(0, 8).map((query) => `${query} in:page`),
    ...base.slice(0, 4).map((query) => `${query} -in:page`),
  ];
}

async function measure(dialect: DialectName): Promise<Table[]> {
  const server = await startBenchServer(dialect);
  try {
    const { userId, token } = await server.signUp('copies@bench.test');
    const vocabulary = await seed(server, userId);
    const before = await databaseBytes(server);
    const seeded = await timed(() => seedCopies(server, userId));
    const rawBytes = seeded.value;
    const after = await databaseBytes(server);

    const search = async (query: string) => {
      const url = `${server.url}/api/posts?filter=${encodeURIComponent(query)}&limit=20`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data: { search?: { field: string } }[] };
      if (!response.ok) throw new Error(`search ${query}: ${response.status}`);
      return body.data;
    };
    const all: number[] = [];
    const rows: (string | number)[][] = [];
    for (const query of queriesOf(vocabulary)) {
      await search(query);
      const times: number[] = [];
      let found: { search?: { field: string } }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { ms, value } = await timed(() => search(query));
        times.push(ms);
        found = value;
      }
      all.push(...times);
      rows.push([
        query,
        found.length,
        found.filter((post) => post.search?.field === 'page').length,
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
      ]);
    }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    return [
      {
        title: `copies · ${dialect} · search over 100,000 posts, ${COPIES.toLocaleString('en')} with page text (seeded in ${(seeded.ms / 1000).toFixed(0)} s)`,
        columns: ['query', 'hits (first 20)', 'by page text', 'p50 ms', 'p95 ms'],
        rows,
        notes: [
          `over all ${all.length} searches through HTTP: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (goal ≤ ${GOAL_P95_MS[dialect]})`,
          `raw page text ${mb(rawBytes)}; database ${mb(after)} (${mb(before)} before the copies): ` +
            `database ÷ page text ${(after / rawBytes).toFixed(2)} (goal ≤ ${GOAL_SIZE_RATIO}), ` +
            `what the copies added ÷ page text ${((after - before) / rawBytes).toFixed(2)}`,
        ],
      },
    ];
  } finally {
    await server.close();
  }
}

/**
 * `copies`: 1,000 generated article pages copied by a server process (time, peak RSS, latency of
 * other requests meanwhile); then search over the search benchmark's 100,000 posts of which
 * 20,000 carry the text of a 2,000-word page copy: p95 through HTTP, and the database's size
 * against the raw page text.
 */
export const copiesScenario: Scenario = {
  description:
    '1,000 article pages copied: time, peak RSS, other requests meanwhile; search over 100,000 posts, 20,000 with the text of a 2,000-word page copy: p95, database size ÷ page text',
  async run({ dialects }) {
    const tables: Table[] = [await copyingTable(dialects)];
    for (const dialect of dialects) tables.push(...(await measure(dialect)));
    return tables;
  },
};
