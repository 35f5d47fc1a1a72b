import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ImportJobRow, ImportJobsTable } from '../../db/schema.ts';

export function insertImportJob(
  db: Db,
  values: Insertable<ImportJobsTable>,
): Promise<ImportJobRow> {
  return db.insertInto('import_jobs').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findImportJob(db: Db, id: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the user has an import in progress. */
export async function hasRunningImport(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row !== undefined;
}

/** The progress fields a running job updates. */
export type ImportProgress = Partial<
  Pick<ImportJobRow, 'phase' | 'bytes_read' | 'entries_read' | 'to_create' | 'created'>
>;

/** Writes progress (and the heartbeat) of a job that is still running. */
export async function reportImportProgress(
  db: Db,
  id: number,
  fields: ImportProgress & { heartbeat_at: string },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set(fields)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Marks a running job done with its report, which publishes its staged rows (db/staging.ts).
 * @returns false when the job was not running (marked failed meanwhile): nothing changed.
 */
export async function finishImportJob(
  db: Db,
  id: number,
  fields: Pick<ImportJobRow, 'collection_id' | 'created' | 'summary'> & { finished_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({ ...fields, status: 'done', phase: null, heartbeat_at: fields.finished_at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks running jobs failed: one (`id`), or all, narrowed to those whose heartbeat is older than
 * `heartbeatBefore`, to one user's, and to other runners than `exceptRunner`. @returns how many.
 */
export async function failImportJobs(
  db: Db,
  which: { id: number } | { heartbeatBefore?: string; userId?: number; exceptRunner?: string },
  fields: { error: string; now: string },
): Promise<number> {
  let query = db
    .updateTable('import_jobs')
    .set({ status: 'failed', phase: null, error: fields.error, finished_at: fields.now })
    .where('status', '=', 'running');
  if ('id' in which) query = query.where('id', '=', which.id);
  if ('heartbeatBefore' in which && which.heartbeatBefore !== undefined) {
    query = query.where('heartbeat_at', '<', which.heartbeatBefore);
  }
  if ('userId' in which && which.userId !== undefined) {
    query = query.where('user_id', '=', which.userId);
  }
  if ('exceptRunner' in which && which.exceptRunner !== undefined) {
    query = query.where('runner_id', '!=', which.exceptRunner);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
