import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Faster substring search on PostgreSQL (issue "search"). The trigram index of migration 0006
 * names candidate posts, and PostgreSQL then rechecks each candidate's `search_text` with LIKE;
 * a common trigram names thousands of posts, and reading their long documents back from
 * PostgreSQL's default compression (pglz) took most of a search's time. Search documents are
 * compressed with lz4 from now on, which reads back several times faster; existing documents are
 * rewritten once. PostgreSQL built without lz4 (it is optional) keeps pglz. SQLite compresses
 * nothing and needs no change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const { rows } = await sql<{ lz4: boolean }>`
    select 'lz4' = any(enumvals) as lz4 from pg_settings
    where name = 'default_toast_compression'`.execute(db);
  if (!rows[0]?.lz4) return;
  await sql`alter table posts alter column search_text set compression lz4`.execute(db);
  // A value that is only copied keeps its old compression: `|| ''` makes a new one.
  await sql`update posts set search_text = search_text || ''`.execute(db);
}
