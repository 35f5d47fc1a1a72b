import type { Db } from './database.ts';

/*
 * The general rate limit's counts on PostgreSQL (`rate_limit_counters`, migration 0020): the
 * queries of `http/rate-limit-store.ts`, which decides the windows.
 */

/**
 * Adds `requests` to `key`'s count in the window that starts at `windowStart` (ISO 8601), in one
 * upsert, so that requests counted at once by several processes each get their own numbers.
 * @returns the count with these requests: they are the numbers up to it
 */
export async function countRequests(
  db: Db,
  key: string,
  windowStart: string,
  requests: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ window_start: windowStart, key, count: requests })
    .onConflict((oc) =>
      oc
        .columns(['window_start', 'key'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', requests) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Deletes the counts of the windows that started before `windowStart` (ISO 8601). */
export async function deletePastWindows(db: Db, windowStart: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', windowStart).execute();
}
