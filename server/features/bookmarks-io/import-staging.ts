import { giveWay } from '../../lib/give-way.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ImportJobRow, PostRow } from '../../db/schema.ts';
import { stagedBy, stagedPosts } from '../../db/staging.ts';
import { renumberList } from '../posts/post-order.ts';

/*
 * The rows an import stages (db/staging.ts, docs/ARCHITECTURE.md "Import pipeline"): placing its
 * collections when it is published, clearing the markers once it is done, deleting the rows of
 * one that failed. Every write goes a batch at a time, each batch a transaction of its own with a
 * turn of the event loop after it, so other requests' writes go on meanwhile; each batch leaves
 * the database consistent, so a crash between two is finished by the next start.
 */

/** The list a post's order counts in (posts.repository.ts PostScope). */
type PostScope = Parameters<typeof renumberList>[1];

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
    .where(stagedBy('collections', jobId))
    .where((eb) =>
      eb.or([
        eb('parent_id', 'is', null),
        eb(
          'parent_id',
          'not in',
          eb.selectFrom('collections').select('id').where(stagedBy('collections', jobId)),
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
          eb.selectFrom(table).select('id').where(stagedBy(table, jobId)).limit(BATCH),
        )
        .executeTakeFirst();
      changed = Number(result.numUpdatedRows);
      await giveWay();
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
  // Ids first, then deletes by id: the staged posts of a list are found without reading the list.
  const { rows: staged } = await sql<Pick<PostRow, 'id' | 'user_id' | 'collection_id'>>`
    select id, user_id, collection_id from ${stagedPosts(db)}
    where ${stagedBy('posts', jobId)}`.execute(db);
  const lists = new Map<string, { scope: PostScope; ids: number[] }>();
  for (const post of staged) {
    const scope: PostScope =
      post.collection_id === null
        ? { uncategorizedOf: post.user_id }
        : { collectionId: post.collection_id };
    const key = JSON.stringify(scope);
    const list = lists.get(key) ?? { scope, ids: [] };
    list.ids.push(post.id);
    lists.set(key, list);
  }
  for (const { scope, ids } of lists.values()) {
    for (let start = 0; start < ids.length; start += BATCH) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('posts')
          .where('id', 'in', ids.slice(start, start + BATCH))
          .execute();
        if (start + BATCH >= ids.length) await renumberList(trx, scope);
      });
      await giveWay();
    }
  }
  let deleted = BATCH;
  while (deleted === BATCH) {
    // A collection's staged sub-collections go with it (foreign keys).
    const result = await db
      .deleteFrom('collections')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('collections')
          .select('id')
          .where(stagedBy('collections', jobId))
          .limit(BATCH),
      )
      .executeTakeFirst();
    deleted = Number(result.numDeletedRows);
    await giveWay();
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('tags')
      .where(stagedBy('tags', jobId))
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
      .where(stagedBy('tags', jobId))
      .execute();
  });
}

/**
 * Jobs that are not running but still have staged rows: a process stopped while it published
 * (done) or discarded (failed) them, or died during the import. @returns their ids and status.
 */
export async function listJobsWithStagedRows(
  db: Db,
): Promise<Pick<ImportJobRow, 'id' | 'status'>[]> {
  const ids = new Set<number>();
  for (const table of STAGED_TABLES) {
    const from = table === 'posts' ? stagedPosts(db) : sql.table(table);
    const { rows } = await sql<{ id: number }>`
      select distinct import_job_id as id from ${from}
      where ${sql.ref(`${table}.import_job_id`)} is not null`.execute(db);
    for (const row of rows) ids.add(row.id);
  }
  if (ids.size === 0) return [];
  return db
    .selectFrom('import_jobs')
    .select(['id', 'status'])
    .where('id', 'in', [...ids])
    .where('status', '<>', 'running')
    .orderBy('id')
    .execute();
}
