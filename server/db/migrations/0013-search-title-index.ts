import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: the trigram index of post titles (0006) takes new entries at once instead of
 * through its pending list (`fastupdate`). Every search reads that index, and a scan of it reads
 * the whole pending list too, up to 4 MB, until a vacuum merges it, which took a search through
 * the index at 100,000 posts from under a millisecond to several. A title adds a few dozen
 * entries, so writing them directly costs a write little. The list gathered so far is merged
 * now. The text index keeps its pending list: a long note adds thousands of entries, which the
 * list writes in bulk, and searches read that index only for terms rare among the newest posts.
 * SQLite has no such list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter index posts_search_title_trgm set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('posts_search_title_trgm'::regclass)`.execute(db);
}
