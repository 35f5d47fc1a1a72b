import { afterEach, beforeEach } from 'vitest';
import type { MigrationName } from '../db/migrate.ts';
import { openFreshDatabase, type FreshDatabase } from './fresh-database.ts';

/**
 * For a migration's test (CONTRIBUTING.md, "Add a migration"): before each test a new database of
 * the project's kind (NESTMARK_TEST_DB) made by the migrations up to and including `upTo`, as a
 * release of that time left it; dropped after the test. Call it at the top of the file and read
 * the database through the returned function.
 */
export function databaseMigratedUpTo(upTo: MigrationName): () => FreshDatabase {
  let database: FreshDatabase | undefined;
  beforeEach(async () => {
    database = await openFreshDatabase(
      process.env.NESTMARK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
      { upTo },
    );
  });
  afterEach(() => database?.drop());
  return () => {
    if (!database) throw new Error('The database is made before each test.');
    return database;
  };
}
