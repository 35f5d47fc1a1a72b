import type { Kysely } from 'kysely';

/**
 * What several processes on one database must agree on (docs/OPERATIONS.md#scaling-out):
 * - `maintenance_runs`: when each once-across-instances job last ran (`db/scheduled-runs.ts`),
 *   one row per job name, moved forward by the process that claims a round;
 * - `rate_limit_counters`: the general rate limit's requests per key and 60-second window
 *   (`http/rate-limit-store.ts`, used on PostgreSQL). The key leads with the window's start so
 *   that removing past windows reads only them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_run_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['window_start', 'key'])
    .execute();
}
