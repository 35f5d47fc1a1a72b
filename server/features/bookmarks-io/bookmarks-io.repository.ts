import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { sqliteHandleOf } from '../../db/sqlite.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { CollectionsTable, Database, PostRow } from '../../db/schema.ts';

/*
 * Bulk reads and writes of imports, exports and backups. Batches keep each statement under
 * SQLite's 32,766 and PostgreSQL's 65,535 bind parameters.
 */

const BATCH = 1000;

/** `items` in slices of at most `size`, for `IN (…)` lists and multi-row statements. */
export function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Bind parameters per bulk insert statement. */
const PARAMETERS_PER_STATEMENT = 30_000;

/** SQL of bulk inserts, by dialect, table, columns and row count: compiled once each. */
const compiledInserts = new Map<string, string>();

/** Prepared bulk inserts on SQLite, by database handle and SQL: prepared once each. */
const preparedInserts = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * Inserts `rows` (each the values of `columns`, in that order) into `table` in statements of up to
 * 30,000 parameters. Kysely writes each statement's SQL once per row count (placeholders and
 * quoting as the dialect wants them); every batch then only binds its values. For imports of
 * 100,000 posts, building a query tree per batch cost more than the database's own work. Inside a
 * transaction on SQLite, the statement is also prepared only once (see `sqliteHandleOf`); the
 * transaction holds the writer connection, so nothing else runs on it meanwhile.
 *
 * @returns the new ids in the order of `rows` when `returningIds`, else an empty array.
 */
export async function insertMany<T extends keyof Database>(
  db: Db,
  table: T,
  columns: readonly (keyof Insertable<Database[T]> & string)[],
  rows: readonly unknown[][],
  options: { returningIds: boolean },
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(rows, Math.floor(PARAMETERS_PER_STATEMENT / columns.length))) {
    const key = `${dialectOf(db)} ${table} ${columns.join()} ${batch.length} ${options.returningIds}`;
    let text = compiledInserts.get(key);
    if (text === undefined) {
      const template = Object.fromEntries(columns.map((column) => [column, null]));
      const insert = db.insertInto(table).values(batch.map(() => template) as never);
      text = (options.returningIds ? insert.returning('id' as never) : insert).compile().sql;
      compiledInserts.set(key, text);
    }
    const parameters = batch.flat();
    const handle = db.isTransaction ? sqliteHandleOf(db) : undefined;
    let inserted: { id: number }[];
    if (handle) {
      const prepared = preparedInserts.get(handle) ?? new Map<string, SQLite.Statement>();
      preparedInserts.set(handle, prepared);
      let statement = prepared.get(text);
      if (statement === undefined) {
        statement = handle.prepare(text);
        prepared.set(text, statement);
      }
      inserted = options.returningIds
        ? (statement.all(parameters) as { id: number }[])
        : (statement.run(parameters), []);
    } else {
      inserted = (await db.executeQuery<{ id: number }>(CompiledQuery.raw(text, parameters))).rows;
    }
    if (options.returningIds) for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/** Inserts collections; returns their ids in the order of `rows`. */
export async function insertCollections(
  db: Db,
  rows: readonly Insertable<CollectionsTable>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(rows)) {
    const inserted = await db.insertInto('collections').values(batch).returning('id').execute();
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/** Pages of SQLite's page cache while a bulk write runs (2 MiB); better-sqlite3's default is 16 MiB. */
const BULK_WRITE_CACHE_KIB = 2000;

/**
 * Runs `work` in transaction `trx` with SQLite's page cache cut to 2 MiB, and puts it back after.
 * A bulk import writes pages it never reads again, and the default 16 MiB cache fills with them:
 * for 100,000 posts the smaller cache saved 15 MB of peak memory and was no slower (measured).
 * The transaction holds the writer connection, so no other write runs with the smaller cache.
 * On PostgreSQL it just runs `work`.
 */
export async function withBulkWriteCache<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  const handle = trx.isTransaction ? sqliteHandleOf(trx) : undefined;
  if (!handle) return work();
  const previous = handle.pragma('cache_size', { simple: true }) as number;
  handle.pragma(`cache_size = -${BULK_WRITE_CACHE_KIB}`);
  try {
    return await work();
  } finally {
    handle.pragma(`cache_size = ${previous}`);
  }
}

/** URLs of the live link posts in the given collections. */
export async function listLiveUrls(db: Db, collectionIds: readonly number[]): Promise<string[]> {
  const urls: string[] = [];
  for (const batch of batches(collectionIds)) {
    const rows = await db
      .selectFrom('posts')
      .select('url')
      .where('collection_id', 'in', batch)
      .where('archived_at', 'is', null)
      .where('url', 'is not', null)
      .execute();
    for (const row of rows) urls.push(row.url!);
  }
  return urls;
}

/** The highest live `order` in each of the given collections that has live posts. */
export async function maxLiveOrders(
  db: Db,
  collectionIds: readonly number[],
): Promise<Map<number, number>> {
  const orders = new Map<number, number>();
  for (const batch of batches(collectionIds)) {
    const rows = await db
      .selectFrom('posts')
      .select(['collection_id', (eb) => eb.fn.max('order').as('max')])
      .where('collection_id', 'in', batch)
      .where('archived_at', 'is', null)
      .groupBy('collection_id')
      .execute();
    for (const row of rows) orders.set(row.collection_id!, row.max);
  }
  return orders;
}

/** The live posts of the given collections (any owner's: the caller checked access). */
export async function listLivePostsIn(
  db: Db,
  collectionIds: readonly number[],
): Promise<PostRow[]> {
  const posts: PostRow[] = [];
  for (const batch of batches(collectionIds)) {
    posts.push(
      ...(await db
        .selectFrom('posts')
        .selectAll()
        .where('collection_id', 'in', batch)
        .where('archived_at', 'is', null)
        .execute()),
    );
  }
  return posts;
}
