import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { percentile, seededFaker, startBenchServer, timed, type Scenario } from '../harness.ts';

const POSTS = 100_000;
const COLLECTIONS = 1_000;
const TAGS = 1_000;
const RUNS = 20;
const BATCH = 500;

/** 1,000 collections (100 top-level, 9 below each), 1,000 tags, 100,000 posts (1 in 10 in the recycle bin). */
async function seed(db: Db, userId: number): Promise<void> {
  const faker = seededFaker();
  const now = new Date().toISOString();
  const collectionIds: number[] = [];
  for (let i = 0; i < COLLECTIONS; i++) {
    const top = i < COLLECTIONS / 10;
    const row = await db
      .insertInto('collections')
      .values({
        user_id: userId,
        parent_id: top ? null : collectionIds[i % (COLLECTIONS / 10)]!,
        name: faker.word.noun(),
        icon_id: null,
        local_order: i + 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    collectionIds.push(row.id);
  }
  const tagIds: number[] = [];
  for (let i = 0; i < TAGS; i += BATCH) {
    const rows = await db
      .insertInto('tags')
      .values(
        Array.from({ length: BATCH }, (_, j) => ({
          user_id: userId,
          name: `tag ${i + j}`,
          name_key: `tag ${i + j}`,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    tagIds.push(...rows.map((row) => row.id));
  }
  for (let i = 0; i < POSTS; i += BATCH) {
    const posts = await db
      .insertInto('posts')
      .values(
        Array.from({ length: BATCH }, (_, j) => ({
          user_id: userId,
          collection_id: (i + j) % 20 === 0 ? null : collectionIds[(i + j) % COLLECTIONS]!,
          type: 'text' as const,
          title: faker.lorem.words(4),
          content: `<p>${faker.lorem.paragraphs(2)}</p>`,
          url: null,
          base_url: null,
          description: null,
          color: null,
          image_path: null,
          order: i + j + 1,
          binned_at: (i + j) % 10 === 3 ? now : null,
          preview_status: null,
          preview_claimed_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('post_tags')
      .values(
        posts.flatMap(({ id }, j) =>
          [0, 1, 2].map((k) => ({ post_id: id, tag_id: tagIds[(i + j + k * 337) % TAGS]! })),
        ),
      )
      .execute();
  }
  // Fresh statistics, as a database that has lived a while has them.
  await sql`analyze`.execute(db);
}

/**
 * `counts`: milliseconds (median and p90 of 20) of the collection tree and the tag list with
 * their post counts, for one user with 100,000 posts, 1,000 collections and 1,000 tags, beside
 * the same listings' rows without counts (the plain list queries), in the same run.
 */
export const countsScenario: Scenario = {
  description:
    'GET /api/collections?nested=true&withShared=true&withDescendantCounts=true and GET /api/tags at 100,000 posts',
  async run({ dialects }) {
    const rows: (string | number)[][] = [];
    for (const dialect of dialects) {
      const server = await startBenchServer(dialect);
      try {
        const { userId, token } = await server.signUp('counter@bench.test');
        await seed(server.db, userId);
        const headers = { authorization: `Bearer ${token}` };
        const measure = async (path: string) => {
          const times: number[] = [];
          for (let run = 0; run < RUNS + 2; run++) {
            const { ms, value } = await timed(() => fetch(`${server.url}${path}`, { headers }));
            if (value.status !== 200) throw new Error(`${path}: ${value.status}`);
            await value.arrayBuffer();
            if (run >= 2) times.push(ms);
          }
          return [percentile(times, 50).toFixed(1), percentile(times, 90).toFixed(1)];
        };
        const plain = async (work: () => Promise<unknown>) => {
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) times.push((await timed(work)).ms);
          return [percentile(times, 50).toFixed(1), percentile(times, 90).toFixed(1)];
        };
        rows.push([
          dialect,
          'GET /api/collections?nested&withShared&withDescendantCounts',
          ...(await measure(
            '/api/collections?nested=true&withShared=true&withDescendantCounts=true',
          )),
        ]);
        rows.push([
          dialect,
          '  its collections query alone',
          ...(await plain(() =>
            server.db.selectFrom('collections').selectAll().where('user_id', '=', userId).execute(),
          )),
        ]);
        rows.push([dialect, 'GET /api/tags', ...(await measure('/api/tags'))]);
        rows.push([
          dialect,
          '  its tags query alone',
          ...(await plain(() =>
            server.db
              .selectFrom('tags')
              .select(['id', 'name'])
              .where('user_id', '=', userId)
              .execute(),
          )),
        ]);
      } finally {
        await server.close();
      }
    }
    return [
      {
        title: 'counts: listings with post counts, milliseconds',
        columns: ['database', 'request', 'median ms', 'p90 ms'],
        rows,
        notes: [
          `One user: ${POSTS} posts (1 in 10 in the recycle bin, 1 in 20 Uncategorized, 3 tags each), ${COLLECTIONS} collections, ${TAGS} tags.`,
          `${RUNS} sequential requests after 2 warm-up ones; "alone" rows time the listing's plain query without counts.`,
        ],
      },
    ];
  },
};
