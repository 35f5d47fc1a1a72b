import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Compilable,
  type CompiledQuery,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { dialectOf, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Human-readable target for the start-up log (no password). */
  description: string;
}

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise the SQLite file
 * `dataDir/nestmark.db` (WAL journal, foreign keys on). Close it with `db.destroy()`.
 */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that breaks (a database restart) is dropped from the pool and replaced;
    // without a listener its error would end the process.
    pool.on('error', (error) =>
      process.emitWarning(`An idle PostgreSQL connection failed: ${error.message}`),
    );
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
      }),
      dialect: 'postgres',
      description: `PostgreSQL ${url.host}${url.pathname}`,
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'nestmark.db');
  return { db: openSqlite(file), dialect: 'sqlite', description: `SQLite ${file}` };
}

/** Statement names of the SQL texts of `preparedQueries` on PostgreSQL (`s1`, `s2`, …). */
const statementNames = new Map<string, string>();

/**
 * Each PostgreSQL connection keeps every named statement it ran: at most this many are named
 * (shapes include page sizes, which clients choose); later texts run unnamed.
 */
const NAMED_STATEMENTS = 1000;

/**
 * `pool` for Kysely, running the queries of `preparedQueries` as named prepared statements:
 * PostgreSQL parses and plans each once per connection instead of on every request. Other
 * queries (any text, unbounded in number) stay unnamed.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      const query = (text: string | PostgresCursor<unknown>, values?: readonly unknown[]) => {
        const name = typeof text === 'string' ? statementNames.get(text) : undefined;
        if (name) return client.query({ name, text: text as string, values: [...values!] });
        return (client.query as (...args: unknown[]) => unknown)(text, values);
      };
      return { query, release: () => client.release() } as PostgresPoolClient;
    },
  };
}

/** better-sqlite3 handles under Kysely instances, by adapter: a transaction shares its database's. */
const sqliteHandles = new WeakMap<object, SQLite.Database>();

/** How many prepared statements a SQLite database keeps for reuse. */
const STATEMENT_CACHE_SIZE = 500;

/** Longer statements (bulk inserts of many rows) are prepared anew each time and not kept. */
const CACHED_STATEMENT_MAX_LENGTH = 4000;

/**
 * A statement that reads rows as arrays (better-sqlite3's `raw` mode) and makes them objects
 * with a function compiled for its columns: better-sqlite3 builds each row object key by key in
 * native code, which takes about as long as reading the row. The keys and their order stay the
 * same (with duplicate names, the last column's value, as better-sqlite3 gives).
 */
function readingRawRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // Names are written as JSON string literals: a column name cannot escape the object literal.
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  const toRow = new Function('values', `return { ${fields.join(', ')} };`) as (
    values: unknown[],
  ) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toRow(values as unknown[]);
    },
  };
}

/**
 * `database` for Kysely, which prepares every query it runs: the statements of recent queries
 * are kept and reused, so a request's queries skip SQLite's parser and planner. Kysely runs one
 * query at a time on a SQLite connection (a stream holds it to the end), so a kept statement is
 * never in use twice.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => database.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached) return cached;
      const statement = readingRawRows(database.prepare(text));
      if (text.length <= CACHED_STATEMENT_MAX_LENGTH) statements.set(text, statement);
      return statement;
    },
  };
}

/** A SQLite database (a file path or `:memory:`) with the pragmas Nestmark relies on. */
export function openSqlite(file: string): Db {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // With WAL, NORMAL is durable against application crashes and much faster than FULL.
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  sqliteHandles.set(db.getExecutor().adapter, database);
  return db;
}

/**
 * The better-sqlite3 handle under `db` or one of its transactions; undefined on PostgreSQL. For
 * bulk writes that run one statement many times: Kysely prepares every query anew, and
 * better-sqlite3 frees a prepared statement only when the garbage collector finds it, so 100,000
 * rows in large statements left tens of megabytes behind.
 */
export function sqliteHandleOf(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db.getExecutor().adapter);
}

/**
 * Whether `error` is SQLite's "database is busy": another connection held the write lock past
 * the busy timeout, or a read transaction cannot write because another connection wrote since
 * (`SQLITE_BUSY_SNAPSHOT`). Nothing was written; the same work can be tried again later.
 * PostgreSQL waits for locks instead, so its errors never are.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

/** Resolves when the database answers a trivial query; rejects with its error otherwise. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Stands for the `index`-th argument of a prepared query while it is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * Queries for a request's hot path, each built and compiled once per dialect and shape and then
 * run with new argument values: Kysely builds and compiles a query anew on every call, which
 * costs more than SQLite takes to answer a small query. `shape` is what the SQL depends on (a
 * small JSON-able value, part of the cache key; the most recent shapes are kept); `build` receives stand-ins for the arguments, to
 * use as plain values (`where(column, '=', id)`, `limit(n)`), never inspected, combined or used as
 * a list. Runs on `db` or a transaction; resolves to the rows.
 */
export function preparedQueries<S, A extends unknown[], R>(
  build: (db: Db, shape: S, ...args: A) => Compilable<R>,
): (db: Db, shape: S, ...args: A) => Promise<R[]> {
  const compiled = new LRUCache<string, { query: CompiledQuery<R>; sources: unknown[] }>({
    max: STATEMENT_CACHE_SIZE,
  });
  return async (db, shape, ...args) => {
    const key = `${dialectOf(db)} ${JSON.stringify(shape)}`;
    let prepared = compiled.get(key);
    if (!prepared) {
      const slots = args.map((_, index) => new Slot(index));
      const query = build(db, shape, ...(slots as A)).compile();
      prepared = { query, sources: [...query.parameters] };
      if (!statementNames.has(query.sql) && statementNames.size < NAMED_STATEMENTS) {
        statementNames.set(query.sql, `s${statementNames.size + 1}`);
      }
      compiled.set(key, prepared);
    }
    const parameters = prepared.sources.map((source) =>
      source instanceof Slot ? args[source.index] : source,
    );
    const result = await db.executeQuery<R>({ ...prepared.query, parameters });
    return result.rows;
  };
}

/** `preparedQueries` for a query of one shape. */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const run = preparedQueries((db: Db, _shape: null, ...args: A) => build(db, ...args));
  return (db, ...args) => run(db, null, ...args);
}
