import { sql, type RawBuilder, type SqlBool } from 'kysely';

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

/** The opposite of `published`: a row staged by an import that is not done (running or failed). */
export function unpublished(
  table: 'collections' | 'tags' | 'posts' | (string & {}),
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.import_job_id`)} in (select id from import_jobs where status <> 'done')`;
}
