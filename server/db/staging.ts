import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.ts';
import { dialectOf } from './dialect.ts';

/*
 * Staged rows (docs/ARCHITECTURE.md, "Import pipeline"): an import writes its collections, tags
 * and posts in many short transactions, each row carrying the id of its job in `import_job_id`
 * (migration 0014). They become visible all at once when the job is marked done, in one short
 * transaction; the marker is cleared afterwards, a batch at a time. Until then every read of
 * what users see leaves them out with `published`.
 */

/**
 * The condition that a row of `table` (its name or alias in the query) is published: written
 * outside an import, or by an import that is done. A staged row of a running or failed import is
 * not. Cheap where no import runs: the marker is null and the job list is never read.
 */
export function published(table: 'collections' | 'tags' | 'posts' | (string & {})) {
  const job = sql.ref(`${table}.import_job_id`);
  return sql<SqlBool>`(${job} is null or ${job} in (select id from import_jobs where status = 'done'))`;
}

/**
 * The opposite of `published`: a row staged by an import that is not done (running or failed).
 * It implies the condition of the partial index of staged rows (migration 0014), which is empty
 * while no import runs; read posts with it from `stagedPosts`.
 */
export function unpublished(
  table: 'collections' | 'tags' | 'posts' | (string & {}),
): RawBuilder<SqlBool> {
  const job = sql.ref(`${table}.import_job_id`);
  return sql<SqlBool>`(${job} is not null and ${job} in (select id from import_jobs where status <> 'done'))`;
}

/**
 * The posts table, for a query of staged posts only (with `unpublished('posts')`), read through
 * the partial index of staged posts. SQLite is told so (`indexed by`): without statistics it
 * prefers an index that gives its GROUP BY order and reads every post; PostgreSQL's statistics
 * find the small index by themselves.
 */
export function stagedPosts(db: Db): RawBuilder<unknown> {
  return dialectOf(db) === 'sqlite' ? sql`posts indexed by posts_staged` : sql`posts`;
}

/**
 * The condition that a row of `table` is staged by the import `job` (its id, or a reference to
 * one), written so that both databases read it through the partial index of staged rows.
 */
export function stagedBy(
  table: 'collections' | 'tags' | 'posts',
  job: number | RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  const column = sql.ref(`${table}.import_job_id`);
  return sql<SqlBool>`(${column} is not null and ${column} = ${job})`;
}
