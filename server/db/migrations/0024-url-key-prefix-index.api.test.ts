import { CompiledQuery, sql, type QueryId, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listLivePostsWithUrlKey } from '../../features/posts/posts.repository.ts';
import { urlKey } from '../../lib/url-key.ts';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { indexesOf } from '../../test/schema-catalog.ts';
import type { Db } from '../database.ts';
import { migrateUpTo } from '../migrate.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database made by the migrations up to 0023,
 * with link posts, live and in the recycle bin; then 0024.
 */

const database = databaseMigratedUpTo('0023-search-text-lz4');

const STAMP = '2026-01-15T10:00:00.000Z';
const LINKS = 300;
const url = (i: number) => `https://example.com/page/${i}`;

/** How the database would run `run`'s query: the text of its plan. */
async function planOf(db: Db, dialect: string, run: (db: Db) => Promise<unknown>): Promise<string> {
  let query: { node: RootOperationNode; queryId: QueryId } | undefined;
  await run(
    db.withPlugin({
      transformQuery: (args) => ((query ??= args), args.node),
      transformResult: async ({ result }) => result,
    }),
  );
  const compiled = db.getExecutor().compileQuery(query!.node, query!.queryId);
  const explain = dialect === 'postgres' ? 'explain' : 'explain query plan';
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

describe('migration 0024-url-key-prefix-index', () => {
  it("indexes the first 16 characters of live posts' URL keys, which the duplicate check reads", async () => {
    const { db, dialect } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'Ada', 'ada@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    const rows = Array.from({ length: LINKS }, (_, i) => {
      const binned = i % 2 === 1 ? STAMP : null;
      return sql`(${i + 1}, 1, 'link', ${url(i)}, ${url(i)}, ${urlKey(url(i))}, ${i + 1}, ${binned}, ${STAMP}, ${STAMP})`;
    });
    await sql`insert into posts (id, user_id, type, content, url, url_key, "order", binned_at, created_at, updated_at)
      values ${sql.join(rows)}`.execute(db);

    await migrateUpTo(db, '0024-url-key-prefix-index');

    const indexes = await indexesOf(db, dialect, 'posts');
    expect(indexes).not.toHaveProperty('posts_live_url_key');
    expect(indexes.posts_live_url_key_prefix).toMatch(/substr\(\(?"?url_key"?\)?, 1, 16\)/i);
    expect(indexes.posts_live_url_key_prefix).toMatch(/where.*binned_at.*is null/i);

    // The check finds a live post by its URL and leaves the one in the recycle bin out.
    const live = await listLivePostsWithUrlKey(db, urlKey(url(10)), 5);
    expect(live.map((post) => post.id)).toEqual([11]);
    expect(await listLivePostsWithUrlKey(db, urlKey(url(11)), 5)).toEqual([]);

    // On one connection: PostgreSQL would rather read 300 rows in a row than use an index.
    const plan = await db.connection().execute(async (connection) => {
      if (dialect === 'postgres') await sql`set enable_seqscan = off`.execute(connection);
      return planOf(connection, dialect, (watched) =>
        listLivePostsWithUrlKey(watched, urlKey(url(10)), 5),
      );
    });
    expect(plan).toContain('posts_live_url_key_prefix');
  });
});
