import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kysely,
  PostgresDialect,
  sql,
  type Compilable,
  type CompiledQuery,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { postgresSnapshot, setCommittedVersion } from './committed-version.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';
import { openSqlite, STATEMENT_CACHE_SIZE } from './sqlite.ts';

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
    const connectionString = options.databaseUrl;
    const url = new URL(connectionString);
    const opened: { pool?: pg.Pool } = {};
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: async () => {
          opened.pool = await openPostgresPool(connectionString);
          return withNamedStatements(opened.pool);
        },
      }),
    });
    postgresPools.set(db, opened);
    setCommittedVersion(db, postgresSnapshot(db));
    return { db, dialect: 'postgres', description: `PostgreSQL ${url.host}${url.pathname}` };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'nestmark.db');
  return { db: openSqlite(file), dialect: 'sqlite', description: `SQLite ${file}` };
}

/**
 * The PostgreSQL connection pool, made by Kysely before the first query: pg loads then, so a
 * server on SQLite never loads it (OPERATIONS.md#start-time-and-memory).
 */
async function openPostgresPool(connectionString: string): Promise<pg.Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle connection that breaks (a database restart) is dropped from the pool and replaced;
  // without a listener its error would end the process.
  pool.on('error', (error) =>
    process.emitWarning(`An idle PostgreSQL connection failed: ${error.message}`),
  );
  return pool;
}

/** Connections one process keeps open to PostgreSQL at most. */
const POOL_SIZE = 10;

/** The pg pool of each PostgreSQL database `openDatabase` opened, once its first query made it. */
const postgresPools = new WeakMap<Db, { pool?: pg.Pool }>();

/** How a PostgreSQL connection pool is used right now (the metrics report it). */
export interface PoolUse {
  /** Connections open, idle or lent out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: all `max` are lent out. */
  waiting: number;
  max: number;
}

/**
 * The pool use of a database `openDatabase` opened on PostgreSQL (all zero before its first
 * query); undefined on SQLite, which has no pool (one writer and one reader connection).
 */
export function poolUse(db: Db): PoolUse | undefined {
  const opened = postgresPools.get(db);
  if (!opened) return undefined;
  const pool = opened.pool;
  return {
    total: pool?.totalCount ?? 0,
    idle: pool?.idleCount ?? 0,
    waiting: pool?.waitingCount ?? 0,
    max: POOL_SIZE,
  };
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
