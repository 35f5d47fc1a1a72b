import type { Db } from './database.ts';

/**
 * Claims this round of a job that must run once across all processes on one database
 * (docs/OPERATIONS.md#scaling-out), e.g. the hourly recycle-bin purge. Protocol: every process
 * asks on its own timer, more often than `everyMs`; a claim is one compare-and-set write to
 * `maintenance_runs` (migration 0020) that moves the job's `last_run_at` to `now` only if it is
 * at least `everyMs` old (or inserts the job's first row). The database applies competing claims
 * one after the other (PostgreSQL locks the row and checks the condition on the winner's value;
 * SQLite has one writer), so exactly one process wins a round, and the next round is due
 * `everyMs` after it was claimed, as long as any process asks. The winner runs the job after
 * claiming: a job that fails or a process that dies mid-run leaves that round undone until the
 * next one (jobs here are idempotent clean-ups, so that is enough).
 * @param name the job, e.g. `recycle-bin-purge`
 * @param everyMs the least time between two rounds, in milliseconds
 * @returns true if this caller claimed the round and should run the job now
 */
export async function claimScheduledRun(
  db: Db,
  name: string,
  everyMs: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const dueBefore = new Date(now.getTime() - everyMs).toISOString();
  const claimed = await db
    .insertInto('maintenance_runs')
    .values({ name, last_run_at: at })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ last_run_at: at })
        .where('maintenance_runs.last_run_at', '<=', dueBefore),
    )
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
