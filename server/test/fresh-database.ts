import { tmpdir } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database.ts';
import { openSqlite } from '../db/sqlite.ts';
import type { DialectName } from '../db/dialect.ts';
import { migrateToLatest, migrateUpTo, type MigrationName } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { randomId } from '../lib/random-token.ts';

/** The PostgreSQL server tests and benchmarks create their databases on. */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the database's URL, for a server process started on it; SQLite: undefined. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database. Callers destructure it. */
  drop: () => Promise<void>;
}

/**
 * A new, migrated database for one test file or benchmark: SQLite at `sqliteFile` (default in
 * memory), or a fresh PostgreSQL database on TEST_POSTGRES_URL's server. Migrated to the latest
 * schema, or with `upTo` only up to and including that migration (a migration's test).
 */
export async function openFreshDatabase(
  dialect: DialectName,
  options: { sqliteFile?: string; upTo?: MigrationName } = {},
): Promise<FreshDatabase> {
  const migrate = (db: Db) =>
    options.upTo === undefined ? migrateToLatest(db) : migrateUpTo(db, options.upTo);
  if (dialect === 'sqlite') {
    const db = openSqlite(options.sqliteFile ?? ':memory:');
    await migrate(db);
    return { db, dialect, drop: () => db.destroy() };
  }
  const name = `nestmark_test_${randomId(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 1 }),
    }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  await migrate(db);
  return {
    db,
    dialect,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      // pg's pool.end() resolves before its sockets have closed; dropping the database under a
      // closing connection would make it fail with an unhandled error, so wait until none is left.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await sql<{ count: string }>`
          select count(*) as count from pg_stat_activity where datname = ${name}`.execute(admin);
        if (Number(rows[0]?.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sql`drop database ${sql.id(name)}`.execute(admin);
      await admin.destroy();
    },
  };
}
