import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf } from '../../test/schema-catalog.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0020, as the release
 * that shared the hourly purge and the rate limit between processes left it.
 */

const database = databaseMigratedUpTo('0020-shared-limits');

describe('migration 0020-shared-limits', () => {
  it('keeps one run per job and one counter per window and key', async () => {
    const { db, dialect } = database();
    expect((await columnsOf(db, dialect, 'maintenance_runs')).sort()).toEqual([
      'last_run_at',
      'name',
    ]);
    expect((await columnsOf(db, dialect, 'rate_limit_counters')).sort()).toEqual([
      'count',
      'key',
      'window_start',
    ]);
    const run = (name: string) =>
      sql`insert into maintenance_runs (name, last_run_at)
        values (${name}, '2026-01-15T10:00:00.000Z')`.execute(db);
    await run('recycle-bin-purge');
    await expect(run('recycle-bin-purge')).rejects.toThrow();

    const count = (windowStart: string, key: string) =>
      sql`insert into rate_limit_counters (window_start, key, count)
        values (${windowStart}, ${key}, 1)`.execute(db);
    await count('2026-01-15T10:00:00.000Z', 'user:1');
    await count('2026-01-15T10:01:00.000Z', 'user:1');
    await count('2026-01-15T10:00:00.000Z', 'address:10.0.0.1');
    await expect(count('2026-01-15T10:00:00.000Z', 'user:1')).rejects.toThrow();
  });
});
