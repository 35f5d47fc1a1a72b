import type { Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import type { DialectName } from '../../server/db/dialect.ts';
import type { NewPostRow } from '../../server/db/schema.ts';
import { insertCollection } from '../../server/features/collections/collection-store.ts';
import { postContentFields } from '../../server/features/posts/post-content.ts';
import { insertPosts } from '../../server/features/posts/post-bulk-insert.ts';
import { searchDocument } from '../../server/features/search/search-document.ts';
import { tagNameKey } from '../../contract/tags.ts';
import { findOrCreateTags, linkTags } from '../../server/features/tags/post-tags.ts';
import {
  percentile,
  seededFaker,
  startBenchServer,
  timed,
  type BenchServer,
  type Scenario,
  type Table,
} from '../harness.ts';

const POSTS = 100_000;
const NOTE_SHARE = 0.3;
const TOP_COLLECTIONS = 20;
const SUB_COLLECTIONS = 10;
const TAGS = 300;
const RUNS = 10;
const SCAN_RUNS = 3;

/**
 * Words drawn from faker's English vocabulary by a Zipf law (s = 1: the word at rank r with
 * probability ∝ 1/r), so some are everywhere and most are rare; and the vocabulary by rank.
 */
export function zipfWords(faker: Faker): { vocabulary: string[]; word: () => string } {
  const vocabulary = faker.helpers.shuffle([
    ...new Set([
      ...faker.definitions.word.noun,
      ...faker.definitions.word.verb,
      ...faker.definitions.word.adjective,
    ]),
  ]);
  // Drawn by inverting the cumulative distribution.
  const harmonic = vocabulary.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
  const cumulative: number[] = [];
  vocabulary.reduce((sum, _, rank) => (cumulative[rank] = sum + 1 / (rank + 1) / harmonic), 0);
  const word = () => {
    const u = faker.number.float({ min: 0, max: 1 });
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < u) low = mid + 1;
      else high = mid;
    }
    return vocabulary[low]!;
  };
  return { vocabulary, word };
}

/**
 * One user's tree of 220 collections holding 100,000 posts: 70 % links (a title, a URL, a
 * description of 10–40 words) and 30 % notes of 50–2,000 words (log-uniform), words drawn by
 * `zipfWords`; 0–3 of 300 tags each. Returns the vocabulary by frequency rank, for choosing
 * queries.
 */
export async function seed(server: BenchServer, userId: number): Promise<string[]> {
  const faker = seededFaker();
  const { vocabulary, word } = zipfWords(faker);
  const words = (count: number) => Array.from({ length: count }, word).join(' ');

  const now = new Date().toISOString();
  const collectionIds: number[] = [];
  for (let top = 1; top <= TOP_COLLECTIONS; top++) {
    const parent = await insertCollection(server.db, {
      userId,
      parentId: null,
      name: faker.commerce.department(),
      iconId: null,
      localOrder: top,
      now,
    });
    collectionIds.push(parent.id);
    for (let sub = 1; sub <= SUB_COLLECTIONS; sub++) {
      const child = await insertCollection(server.db, {
        userId,
        parentId: parent.id,
        name: faker.company.buzzNoun(),
        iconId: null,
        localOrder: sub,
        now,
      });
      collectionIds.push(child.id);
    }
  }
  const tagNames = [...new Set(Array.from({ length: TAGS * 2 }, () => faker.word.noun()))].slice(
    0,
    TAGS,
  );
  const tags = await findOrCreateTags(server.db, userId, tagNames, now);

  const orderIn = new Map<number, number>();
  for (let start = 0; start < POSTS; start += 1000) {
    const rows: NewPostRow[] = [];
    const postTags: string[][] = [];
    for (let i = start; i < Math.min(POSTS, start + 1000); i++) {
      const collectionId = faker.helpers.arrayElement(collectionIds);
      const order = (orderIn.get(collectionId) ?? 0) + 1;
      orderIn.set(collectionId, order);
      const isNote = faker.number.float({ min: 0, max: 1 }) < NOTE_SHARE;
      const length = Math.round(50 * Math.exp(faker.number.float({ min: 0, max: Math.log(40) })));
      const content = isNote
        ? `<p>${words(length)}</p>`
        : `${faker.internet.url()}/${faker.helpers.slugify(words(3))}`;
      const fields = postContentFields(content, isNote ? words(4) : faker.company.catchPhrase());
      const description = isNote ? null : words(faker.number.int({ min: 10, max: 40 }));
      const names = faker.helpers.arrayElements(tagNames, { min: 0, max: 3 });
      postTags.push(names);
      rows.push({
        ...fields,
        ...searchDocument({ ...fields, description, tagNames: names }),
        preview_status: null,
        user_id: userId,
        collection_id: collectionId,
        description,
        color: null,
        image_path: null,
        order,
        binned_at: null,
        created_at: now,
        updated_at: now,
      });
    }
    const ids = await insertPosts(server.db, rows);
    await linkTags(
      server.db,
      postTags.flatMap((names, index) =>
        names.map((name) => ({ post_id: ids[index]!, tag_id: tags.get(tagNameKey(name))!.id })),
      ),
    );
  }
  // Within a minute of a load like this one, autovacuum gathers PostgreSQL's table statistics
  // (which it plans by) and merges the trigram indexes' pending lists (which every search through
  // them reads whole until then); do both now rather than measure the minute before (the test
  // cluster may run without autovacuum). SQLite keeps no statistics unless asked, and Nestmark
  // never asks.
  if (server.dialect === 'postgres') await sql`vacuum analyze posts`.execute(server.db);
  return vocabulary;
}

/** Twenty searches a person would type: single words from frequent to rare, and the operators. */
export function queriesFrom(vocabulary: string[], faker = seededFaker(7)): string[] {
  const at = (rank: number) => vocabulary[rank]!;
  const inside = (text: string) => text.slice(1, Math.min(text.length, 5));
  return [
    at(5),
    at(40),
    at(150),
    at(400),
    at(900),
    at(1500),
    at(2200),
    at(2600),
    inside(at(30)),
    inside(at(700)),
    `${at(10)} ${at(60)}`,
    `${at(100)} ${at(800)}`,
    `"${at(0)} ${at(1)}"`,
    `${at(20)} -${at(3)}`,
    `tag:${faker.word.noun()}`,
    `${at(50)} type:link`,
    `${at(50)} type:text`,
    '.com/',
    faker.internet.domainWord(),
    `${at(2)} ${at(4)} ${at(6)}`,
  ];
}

/** The same question answered the way the original did it: LIKE '%…%' over every row. */
async function scan(server: BenchServer, userId: number, query: string) {
  const terms = query
    .replace(/"/g, '')
    .split(/\s+/)
    .filter((term) => term && !term.startsWith('-') && !term.includes(':'));
  const text = sql`lower(coalesce(title, '') || ' ' || content || ' ' || coalesce(url, '') || ' ' || coalesce(description, ''))`;
  let qb = server.db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', userId)
    .where('binned_at', 'is', null);
  for (const term of terms) {
    qb = qb.where(sql<boolean>`${text} like ${`%${term.toLowerCase()}%`}`);
  }
  return qb.orderBy('order', 'desc').limit(20).execute();
}

async function measure(dialect: DialectName): Promise<Table[]> {
  const server = await startBenchServer(dialect);
  try {
    const { userId, token } = await server.signUp('search@bench.test');
    const seeded = await timed(() => seed(server, userId));
    const queries = queriesFrom(seeded.value);
    const search = async (query: string) => {
      const url = `${server.url}/api/posts?filter=${encodeURIComponent(query)}&limit=20`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data: unknown[] };
      if (!response.ok) throw new Error(`search ${query}: ${response.status}`);
      return body.data.length;
    };

    const all: number[] = [];
    const rows: (string | number)[][] = [];
    const ratios: number[] = [];
    for (const query of queries) {
      await search(query);
      const times: number[] = [];
      let hits = 0;
      for (let run = 0; run < RUNS; run++) {
        const { ms, value } = await timed(() => search(query));
        times.push(ms);
        hits = value;
      }
      const scans: number[] = [];
      for (let run = 0; run < SCAN_RUNS; run++)
        scans.push((await timed(() => scan(server, userId, query))).ms);
      const indexed = percentile(times, 50);
      const scanned = percentile(scans, 50);
      all.push(...times);
      ratios.push(scanned / indexed);
      rows.push([
        query,
        hits,
        indexed.toFixed(1),
        scanned.toFixed(1),
        `${(scanned / indexed).toFixed(0)}×`,
      ]);
    }
    return [
      {
        title: `search · ${dialect} · ${POSTS.toLocaleString('en')} posts (seeded in ${(seeded.ms / 1000).toFixed(0)} s)`,
        columns: ['query', 'hits (first 20)', 'index p50 ms', 'LIKE scan p50 ms', 'faster'],
        rows,
        notes: [
          `over all ${all.length} searches through HTTP: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms`,
          `median speed-up over the LIKE scan: ${percentile(ratios, 50).toFixed(0)}× (scan: SQL only, no HTTP)`,
        ],
      },
    ];
  } finally {
    await server.close();
  }
}

export const searchScenario: Scenario = {
  description:
    '20 searches over 100,000 posts through the HTTP API (first page of 20), against a LIKE scan of the same rows',
  async run({ dialects }) {
    const tables: Table[] = [];
    for (const dialect of dialects) tables.push(...(await measure(dialect)));
    return tables;
  },
};
