import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import { renumberList } from '../posts/post-order.ts';

/*
 * The rows an import stages (db/staging.ts, docs/ARCHITECTURE.md "Import pipeline"): placing its
 * collections when it is published, clearing the markers once it is done, deleting the rows of
 * one that failed. Every write goes a batch at a time, each batch a transaction of its own with a
 * turn of the event loop after it, so other requests' writes go on meanwhile; each batch leaves
 * the database consistent, so a crash between two is finished by the next start.
 */

/** Rows changed per transaction. */
const BATCH = 1000;

/** The tables whose rows an import stages, in the order their staged rows are deleted. */
const STAGED_TABLES = ['posts', 'collections', 'tags'] as const;

/**
 * The job's staged collections whose parent is not staged by it (the new top-level collection,
 * or new sub-collections of the target), grouped by parent, each group in its current order.
 */
export async function listStagedCollectionsBesidePublished(
  db: Db,
  jobId: number,
): Promise<{ parentId: number | null; userId: number; ids: number[] }[]> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'parent_id', 'user_id'])
    .where('import_job_id', '=', jobId)
    .where((eb) =>
      eb.or([
        eb('parent_id', 'is', null),
        eb(
          'parent_id',
          'not in',
          eb
            .selectFrom('collections as staged')
            .select('staged.id')
            .where('staged.import_job_id', '=', jobId),
        ),
      ]),
    )
    .orderBy('parent_id')
    .orderBy('local_order')
    .orderBy('id')
    .execute();
  const groups = new Map<string, { parentId: number | null; userId: number; ids: number[] }>();
  for (const row of rows) {
    const key = `${row.parent_id}/${row.user_id}`;
    const group = groups.get(key) ?? { parentId: row.parent_id, userId: row.user_id, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Numbers the collections `ids` among their siblings from `first` on, in the order given. */
export async function setLocalOrders(db: Db, ids: readonly number[], first: number): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('collections')
      .set({ local_order: first + index })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Clears the markers of a done job's rows (they are published already: this only keeps the
 * staged-row indexes empty and reads cheap), a batch per transaction.
 */
export async function unstageRows(db: Db, jobId: number): Promise<void> {
  for (const table of STAGED_TABLES) {
    let changed = BATCH;
    while (changed === BATCH) {
      const result = await db
        .updateTable(table)
        .set({ import_job_id: null })
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('import_job_id', '=', jobId).limit(BATCH),
        )
        .executeTakeFirst();
      changed = Number(result.numUpdatedRows);
      await nextTurn();
    }
  }
}

/**
 * Deletes the rows a job that did not finish staged, a batch per transaction: its posts (their
 * tag links go with them) list by list, each list numbered densely again with its last batch
 * (posts created there meanwhile went above the staged ones); its collections; its tags, except
 * those a post outside the job carries by now, which are published instead.
 */
export async function discardStagedRows(db: Db, jobId: number): Promise<void> {
  const lists = await db
    .selectFrom('posts')
    .select(['user_id', 'collection_id'])
    .distinct()
    .where('import_job_id', '=', jobId)
    .execute();
  for (const list of lists) {
    const scope =
      list.collection_id === null
        ? { uncategorizedOf: list.user_id }
        : { collectionId: list.collection_id };
    let deleted = BATCH;
    while (deleted === BATCH) {
      deleted = await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('posts')
          .where('id', 'in', (eb) => {
            const staged = eb
              .selectFrom('posts')
              .select('id')
              .where('import_job_id', '=', jobId)
              .limit(BATCH);
            return list.collection_id === null
              ? staged.where('collection_id', 'is', null).where('user_id', '=', list.user_id)
              : staged.where('collection_id', '=', list.collection_id);
          })
          .executeTakeFirst();
        const count = Number(result.numDeletedRows);
        if (count < BATCH) await renumberList(trx, scope);
        return count;
      });
      await nextTurn();
    }
  }
  let deleted = BATCH;
  while (deleted === BATCH) {
    // A collection's staged sub-collections go with it (foreign keys).
    const result = await db
      .deleteFrom('collections')
      .where('id', 'in', (eb) =>
        eb.selectFrom('collections').select('id').where('import_job_id', '=', jobId).limit(BATCH),
      )
      .executeTakeFirst();
    deleted = Number(result.numDeletedRows);
    await nextTurn();
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('tags')
      .where('import_job_id', '=', jobId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('post_tags')
              .select('post_id')
              .whereRef('post_tags.tag_id', '=', 'tags.id'),
          ),
        ),
      )
      .execute();
    await trx
      .updateTable('tags')
      .set({ import_job_id: null })
      .where('import_job_id', '=', jobId)
      .execute();
  });
}

/**
 * Jobs that are not running but still have staged rows: a process stopped while it published
 * (done) or discarded (failed) them, or died during the import. @returns their ids and status.
 */
export async function listJobsWithStagedRows(
  db: Db,
): Promise<{ id: number; status: 'done' | 'failed' }[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .select(['id', 'status'])
    .where('status', '<>', 'running')
    .where((eb) =>
      eb.or(
        STAGED_TABLES.map((table) =>
          eb.exists(
            eb
              .selectFrom(table)
              .select('id')
              .whereRef(`${table}.import_job_id`, '=', 'import_jobs.id'),
          ),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  return rows as { id: number; status: 'done' | 'failed' }[];
}
