import type SQLite from 'better-sqlite3';
import { CompiledQuery, sql, type Generated, type Insertable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from './database.ts';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';
import { bulkWritesOn, sqliteHandleOf } from './sqlite.ts';

/*
 * Inserts of many rows at once (imports, restores of backups) on both databases: the SQL of each
 * statement is compiled once per shape and then only bound to new values, and on SQLite inside a
 * transaction it runs through one prepared statement. For imports of 100,000 posts, building a
 * Kysely query tree per batch cost more than the database's own work.
 */

/** Bind parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

/** Statement shapes kept: a few tables, each with a full batch and a last, shorter one. */
const KEPT_SHAPES = 64;

/** SQL of bulk inserts, by dialect, table, columns, row count and returning: compiled once each. */
const compiledInserts = new LRUCache<string, string>({ max: KEPT_SHAPES });

/** Prepared bulk inserts on SQLite, by database handle and SQL: prepared once each. */
const preparedInserts = new WeakMap<SQLite.Database, LRUCache<string, SQLite.Statement>>();

/** The tables whose rows have a generated numeric `id`. */
export type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never;
}[keyof Database];

/**
 * Inserts `rows` into `table` in statements of up to 30,000 bind parameters. The columns are the
 * keys of the first row, in its order; every row must have exactly those keys, none undefined
 * (a programming error otherwise: rows of one call are built alike).
 * @throws Error when a row's keys differ from the first row's; the database's error otherwise.
 */
export async function bulkInsert<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  await insertRows(db, table, rows, false);
}

/**
 * {@link bulkInsert}, returning the new rows' ids.
 * @returns the ids in the order of `rows`.
 */
export function bulkInsertReturningIds<T extends TableWithId>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number[]> {
  return insertRows(db, table, rows, true);
}

/** The work of `bulkInsert`; with `returningIds`, the ids in the order of `rows`, else []. */
async function insertRows(
  db: Db,
  table: keyof Database,
  rows: readonly Readonly<Record<string, unknown>>[],
  returningIds: boolean,
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.floor(PARAMETERS_PER_STATEMENT / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(start + perStatement, rows.length);
    const text = insertSql(db, table, columns, end - start, returningIds);
    const inserted = await execute(db, text, valuesOf(rows, start, end, columns));
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/**
 * The values of `rows[start..end)`, row after row, each in the order of `columns`.
 * @throws Error when a row has other keys than `columns`, or one of them undefined.
 */
function valuesOf(
  rows: readonly Readonly<Record<string, unknown>>[],
  start: number,
  end: number,
  columns: readonly string[],
): unknown[] {
  const values: unknown[] = [];
  for (let index = start; index < end; index++) {
    const row = rows[index]!;
    let keys = 0;
    for (const key in row) if (Object.hasOwn(row, key)) keys += 1;
    let complete = keys === columns.length;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) complete = false;
      values.push(value);
    }
    if (!complete) {
      throw new Error(
        `Bulk insert: row ${index} has other columns than the first (${columns.join(', ')}).`,
      );
    }
  }
  return values;
}

/**
 * SQL inserting `count` rows of `columns` into `table` (placeholders and quoting as the dialect
 * of `db` wants them), optionally returning their ids; compiled once per shape.
 */
function insertSql(
  db: Db,
  table: string,
  columns: readonly string[],
  count: number,
  returningIds: boolean,
): string {
  const key = `${dialectOf(db)} ${table} ${columns.join()} ${count} ${returningIds}`;
  let text = compiledInserts.get(key);
  if (text === undefined) {
    const row = sql`(${sql.join(columns.map(() => null))})`;
    const insert = sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(new Array<typeof row>(count).fill(row))}`;
    text = (returningIds ? sql`${insert} returning ${sql.ref('id')}` : insert).compile(db).sql;
    compiledInserts.set(key, text);
  }
  return text;
}

/**
 * Runs the insert `text` with `parameters`. Inside a transaction on SQLite, through one prepared
 * statement per text (see `sqliteHandleOf`): the transaction holds the writer connection, so
 * nothing else runs on it meanwhile. Elsewhere through Kysely.
 * @returns the rows the statement returns (its ids), or [] for none.
 */
async function execute(db: Db, text: string, parameters: unknown[]): Promise<{ id: number }[]> {
  const handle = db.isTransaction ? sqliteHandleOf(db) : undefined;
  if (!handle) {
    return (await db.executeQuery<{ id: number }>(CompiledQuery.raw(text, parameters))).rows;
  }
  let prepared = preparedInserts.get(handle);
  if (prepared === undefined) {
    prepared = new LRUCache<string, SQLite.Statement>({ max: KEPT_SHAPES });
    preparedInserts.set(handle, prepared);
  }
  let statement = prepared.get(text);
  if (statement === undefined) {
    statement = handle.prepare(text);
    prepared.set(text, statement);
  }
  if (statement.reader) return statement.all(parameters) as { id: number }[];
  statement.run(parameters);
  return [];
}

/** Pages of SQLite's page cache while a bulk write runs (2 MiB); better-sqlite3's default is 16 MiB. */
const BULK_WRITE_CACHE_KIB = 2000;

/**
 * Runs `work` in transaction `trx` with SQLite's page cache cut to 2 MiB, and puts it back after.
 * A bulk import writes pages it never reads again, and the default 16 MiB cache fills with them:
 * for 100,000 posts the smaller cache saved 15 MB of peak memory and was no slower (measured).
 * The transaction holds the writer connection, so no other write runs with the smaller cache.
 * Its WAL checkpoints, and those of the bulk writes after it, run off the request thread
 * (`bulkWritesOn`). On PostgreSQL it just runs `work`.
 */
export async function withBulkWriteCache<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  const handle = trx.isTransaction ? sqliteHandleOf(trx) : undefined;
  if (!handle) return work();
  bulkWritesOn(handle);
  const previous = handle.pragma('cache_size', { simple: true }) as number;
  handle.pragma(`cache_size = -${BULK_WRITE_CACHE_KIB}`);
  try {
    return await work();
  } finally {
    handle.pragma(`cache_size = ${previous}`);
  }
}
