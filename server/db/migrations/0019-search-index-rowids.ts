import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * SQLite's search index keeps, for each trigram, only the posts that hold it (`detail=none`),
 * not where in each post (features/search/search-index.ts): a search asks for every trigram of a
 * term and checks the term itself row by row, as it already did, instead of FTS5 matching it as
 * a phrase. Where each trigram stood was two thirds of the index's size and about a third of the
 * work of writing a post, which an import of 100,000 bookmarks does 100,000 times. The tables
 * are made again under the same names, so migration 0006's triggers fill them as before, and
 * rebuilt from the posts. Nothing changes on PostgreSQL (pg_trgm GIN indexes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const column of ['search_text', 'search_title']) {
    const table = sql.id(`posts_${column}_fts`);
    await sql`drop table ${table}`.execute(db);
    await sql`create virtual table ${table} using fts5(
      ${sql.id(column)}, content='posts', content_rowid='id', tokenize='trigram', detail=none)`.execute(
      db,
    );
    await sql`insert into ${table}(${table}) values ('rebuild')`.execute(db);
  }
}
