import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

/** Background work recorded in the database, for every process on it. */
export interface JobCounts {
  /** Link posts outside the recycle bin whose preview is still to be fetched. */
  previewsPending: number;
  /** Of those, the ones tried before that wait for their next try (a passing failure). */
  previewsRetrying: number;
  importsRunning: number;
  importsFailed: number;
}

/*
 * Each count reads through an index of only the rows it counts (EXPLAIN on both databases, at
 * 200,000 posts):
 * - pending previews: on SQLite the covering `posts_preview_fresh` (migration 0011; partial over
 *   pending posts, and it holds `binned_at`: a post in the recycle bin keeps its pending preview
 *   but is never fetched, so it is not counted). SQLite is told to: it would take
 *   `posts_preview_pending`, which lacks `binned_at`, and read every pending post's row (about
 *   150 ms at 100,000 pending posts against about 10 ms). PostgreSQL takes
 *   `posts_preview_pending` and reads the pending rows; when most posts are pending (right after
 *   a large import) it scans the table instead, which is cheaper then;
 * - retrying previews: `posts_preview_due` (partial over pending posts tried before);
 * - imports: `import_jobs_status` (migration 0007).
 * The partial indexes' conditions are literals: neither database matches one to a parameter.
 */
function countsQuery(db: Db) {
  const sqlite = dialectOf(db) === 'sqlite';
  const posts = (index: string) => (sqlite ? sql`posts indexed by ${sql.raw(index)}` : sql`posts`);
  return sql<Record<keyof JobCounts, number | string>>`
    select
      (select count(*) from ${posts('posts_preview_fresh')}
        where preview_status = 'pending' and binned_at is null) as "previewsPending",
      (select count(*) from ${posts('posts_preview_due')}
        where preview_status = 'pending' and preview_attempts > 0 and binned_at is null)
        as "previewsRetrying",
      (select count(*) from import_jobs where status = 'running') as "importsRunning",
      (select count(*) from import_jobs where status = 'failed') as "importsFailed"`;
}

/**
 * The counts of JobCounts, in one round trip. Its cost grows with the backlog (10 ms or so at
 * 100,000 pending previews): callers polling it keep the result a while (health.service.ts).
 */
export async function countJobs(db: Db): Promise<JobCounts> {
  const { rows } = await countsQuery(db).execute(db);
  const row = rows[0]!;
  // PostgreSQL answers count(*) as a bigint, which pg reads as a string.
  return {
    previewsPending: Number(row.previewsPending),
    previewsRetrying: Number(row.previewsRetrying),
    importsRunning: Number(row.importsRunning),
    importsFailed: Number(row.importsFailed),
  };
}
