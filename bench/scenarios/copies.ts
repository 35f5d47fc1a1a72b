import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { DialectName } from '../../server/db/dialect.ts';
import { foldCase } from '../../server/features/search/search-query.ts';
import {
  percentile,
  seededFaker,
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
 * `copies`: search over the search benchmark's 100,000 posts of which 20,000 carry the text of a
 * 2,000-word page copy: p95 through HTTP, and the database's size against the raw page text.
 */
export const copiesScenario: Scenario = {
  description:
    'search over 100,000 posts, 20,000 with the text of a 2,000-word page copy: p95, database size ÷ page text',
  async run({ dialects }) {
    const tables: Table[] = [];
    for (const dialect of dialects) tables.push(...(await measure(dialect)));
    return tables;
  },
};
