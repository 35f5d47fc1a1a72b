import SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { setCommittedVersion } from './committed-version.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { createWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';

/** better-sqlite3 handles under Kysely instances, by adapter: a transaction shares its database's. */
const sqliteHandles = new WeakMap<object, SQLite.Database>();

/** How many prepared statements a SQLite connection keeps for reuse. */
export const STATEMENT_CACHE_SIZE = 500;

/** Longer statements (bulk inserts of many rows) are prepared anew each time and not kept. */
const CACHED_STATEMENT_MAX_LENGTH = 4000;

/** A prepared statement, and whether it leaves the database as it is (a plain read). */
type Statement = SqliteStatement & { readonly readonly: boolean };

/**
 * A statement that reads rows as arrays (better-sqlite3's `raw` mode) and makes them objects
 * with a function compiled for its columns: better-sqlite3 builds each row object key by key in
 * native code, which takes about as long as reading the row. The keys and their order stay the
 * same (with duplicate names, the last column's value, as better-sqlite3 gives).
 */
function readingRawRows(statement: SQLite.Statement): Statement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // Names are written as JSON string literals: a column name cannot escape the object literal.
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built once per statement from its column names, which are JSON-escaped above
  const toRow = new Function('values', `return { ${fields.join(', ')} };`) as (
    values: unknown[],
  ) => unknown;
  statement.raw(true);
  return {
    reader: true,
    readonly: statement.readonly,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toRow(values as unknown[]);
    },
  };
}

/** A connection that prepares statements through a cache (see `withStatementCache`). */
interface CachingDatabase extends SqliteDatabase {
  prepare(sql: string): Statement;
}

/**
 * `database` for Kysely, which prepares every query it runs: the statements of recent queries
 * are kept and reused, so a request's queries skip SQLite's parser and planner. A kept statement
 * is never in use twice: Kysely runs one query at a time on the writer (a stream holds it to the
 * end), and a read on the reader runs to its end before anything else can.
 */
function withStatementCache(database: SQLite.Database): CachingDatabase {
  const statements = new LRUCache<string, Statement>({ max: STATEMENT_CACHE_SIZE });
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

/** Opens `file` with the pragmas Nestmark relies on. */
function connect(file: string, options: { readonly: boolean }): SQLite.Database {
  const database = new SQLite(file, { readonly: options.readonly });
  if (!options.readonly) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // With WAL, NORMAL is durable against application crashes and much faster than FULL.
  database.pragma('synchronous = NORMAL');
  return database;
}

/**
 * A SQLite database (a file path or `:memory:`) with the pragmas Nestmark relies on (WAL journal,
 * foreign keys on). A file gets two connections (see `ReadWriteDriver`): reads go on while a long
 * transaction writes; `:memory:` (tests) is one database per connection, so it gets one.
 */
export function openSqlite(file: string): Db {
  const writer = connect(file, { readonly: false });
  let dialect: SqliteDialect;
  let committed: (() => number) | undefined;
  if (file === ':memory:') {
    dialect = new SqliteDialect({ database: withStatementCache(writer) });
  } else {
    const checkpointer = createWalCheckpointer(file, writer);
    checkpointers.set(writer, checkpointer);
    const reader = connect(file, { readonly: true });
    // The reader never writes, so its data_version moves with every commit of any other
    // connection, this process's writer included (about a microsecond to read).
    const dataVersion = reader.prepare('pragma data_version').pluck();
    committed = () => dataVersion.get() as number;
    dialect = new ReadWriteDialect(
      withStatementCache(writer),
      withStatementCache(reader),
      checkpointer,
    );
  }
  const db = new Kysely<Database>({ dialect });
  sqliteHandles.set(db.getExecutor().adapter, writer);
  if (committed) setCommittedVersion(db, committed);
  return db;
}

/**
 * The better-sqlite3 handle of the writer connection under `db` or one of its transactions;
 * undefined on PostgreSQL. For bulk writes that run one statement many times: Kysely prepares
 * every query anew, and better-sqlite3 frees a prepared statement only when the garbage collector
 * finds it, so 100,000 rows in large statements left tens of megabytes behind.
 */
export function sqliteHandleOf(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db.getExecutor().adapter);
}

/** The checkpointer of each file database's writer (`:memory:` has none: no WAL). */
const checkpointers = new WeakMap<SQLite.Database, WalCheckpointer>();

/**
 * Tells the database of `handle` (a writer, from `sqliteHandleOf`) that bulk writes are under
 * way, so that its WAL checkpoints move off the request thread (db/wal-checkpointer.ts).
 */
export function bulkWritesOn(handle: SQLite.Database): void {
  checkpointers.get(handle)?.bulkWrites();
}

/** Kysely's SQLite dialect on a writer and a reader connection (`ReadWriteDriver`). */
class ReadWriteDialect extends SqliteDialect {
  readonly #writer: SqliteDatabase;
  readonly #reader: CachingDatabase;
  readonly #checkpointer: WalCheckpointer;

  constructor(writer: SqliteDatabase, reader: CachingDatabase, checkpointer: WalCheckpointer) {
    super({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
    this.#checkpointer = checkpointer;
  }

  override createDriver(): Driver {
    return new ReadWriteDriver(
      new SqliteDriver({ database: this.#writer }),
      this.#reader,
      this.#checkpointer,
    );
  }
}

/**
 * Kysely driver for a SQLite file on two connections, so that SQLite serves reads during a long
 * write as PostgreSQL does (docs/ARCHITECTURE.md, "Two databases"): a statement outside a
 * transaction that only reads (a read-only statement that returns rows) runs at once on a
 * read-only connection; writes and whole transactions run on the writer, one at a time, through
 * Kysely's own driver and its lock. In WAL mode the reader sees what was committed when its
 * statement began, so an import of 100,000 bookmarks holds back other writes until it commits,
 * but not the health check, lists or search.
 */
class ReadWriteDriver implements Driver {
  constructor(
    private readonly writer: SqliteDriver,
    private readonly reader: CachingDatabase,
    private readonly checkpointer: WalCheckpointer,
  ) {}

  init(): Promise<void> {
    return this.writer.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutedConnection(this.writer, this.reader, this.checkpointer));
  }

  /** SQLite has one kind of transaction: Kysely's driver takes no settings. */
  async beginTransaction(connection: DatabaseConnection) {
    const writer = await (connection as RoutedConnection).holdWriter();
    await this.writer.beginTransaction(writer);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.commitTransaction(writerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.rollbackTransaction(writerOf(connection));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.writer.savepoint(writerOf(connection), name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.writer.rollbackToSavepoint(writerOf(connection), name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.writer.releaseSavepoint(writerOf(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutedConnection).releaseWriter();
  }

  async destroy(): Promise<void> {
    await this.checkpointer.stop();
    this.reader.close();
    await this.writer.destroy();
  }
}

/** The writer a transaction holds. */
function writerOf(connection: DatabaseConnection): DatabaseConnection {
  const { writer } = connection as RoutedConnection;
  if (!writer) throw new Error('No transaction holds the SQLite writer here.');
  return writer;
}

/**
 * One use of the database by Kysely (a query, or a transaction from begin to release): reads go
 * to the reader unless it holds the writer, which it takes for a transaction or a write.
 */
class RoutedConnection implements DatabaseConnection {
  writer: DatabaseConnection | undefined;

  constructor(
    private readonly driver: SqliteDriver,
    private readonly reader: CachingDatabase,
    private readonly checkpointer: WalCheckpointer,
  ) {}

  /** Waits for the writer (another transaction may hold it) and holds it until `releaseWriter`. */
  async holdWriter(): Promise<DatabaseConnection> {
    this.writer ??= await this.driver.acquireConnection();
    return this.writer;
  }

  async releaseWriter(): Promise<void> {
    if (!this.writer) return;
    this.writer = undefined;
    // Whatever the writer did (a transaction, a write, or a read inside either): a checkpoint
    // finds nothing to copy when nothing was committed.
    this.checkpointer.committed();
    await this.driver.releaseConnection();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writer) return this.writer.executeQuery<R>(query);
    const statement = this.reader.prepare(query.sql);
    if (statement.reader && statement.readonly) {
      return { rows: statement.all(query.parameters) as R[] };
    }
    try {
      return await (await this.holdWriter()).executeQuery<R>(query);
    } finally {
      await this.releaseWriter();
    }
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const held = this.writer !== undefined;
    const writer = await this.holdWriter();
    try {
      yield* writer.streamQuery<R>(query, chunkSize);
    } finally {
      if (!held) await this.releaseWriter();
    }
  }
}

/**
 * Whether `error` is SQLite's "database is busy": another connection (another process) held the
 * write lock past the busy timeout, or a read transaction cannot write because another connection
 * wrote since (`SQLITE_BUSY_SNAPSHOT`). Nothing was written; the same work can be tried again
 * later. PostgreSQL waits for locks instead, so its errors never are.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY');
}
