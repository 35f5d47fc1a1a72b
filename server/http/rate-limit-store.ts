import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { countRequest, deletePastWindows } from '../db/rate-limit-counters.ts';
import type { Clock } from '../lib/clock.ts';

/** What the store reports for a request: its number in the window, and ms until the window ends. */
interface Count {
  current: number;
  ttl: number;
}

/**
 * A store for `@fastify/rate-limit` that counts in the database (`db/rate-limit-counters.ts`), so
 * that every process on one PostgreSQL database counts against the same limit
 * (docs/OPERATIONS.md#scaling-out). Windows are fixed: `timeWindow` ms from a multiple of it
 * since the epoch, the same for every process whose clock is right. Each request is one upsert
 * that adds 1 to its key's row of the current window and returns the sum, so requests counted at
 * the same moment by several processes each get their own number. The first request a process
 * counts in a new window first deletes the rows of past windows.
 *
 * A failed write does not refuse the request (nor make it a 500): the request passes uncounted
 * and `logError` is told, so an unreachable database shows in the log and in the other requests
 * rather than as a rate limit that answers every client with errors.
 * @returns the store's class, to give as the plugin's `store` option
 */
export function databaseRateLimitStore({
  db,
  clock,
  logError,
}: {
  db: Db;
  clock: Clock;
  logError: (error: unknown, message: string) => void;
}): FastifyRateLimitStoreCtor {
  /** The window whose start this process last deleted the windows before. */
  let clearedBefore = '';

  async function count(key: string, timeWindow: number): Promise<Count> {
    const now = clock().getTime();
    const startMs = now - (now % timeWindow);
    const windowStart = new Date(startMs).toISOString();
    if (windowStart !== clearedBefore) {
      clearedBefore = windowStart;
      await deletePastWindows(db, windowStart);
    }
    const current = await countRequest(db, key, windowStart);
    return { current, ttl: startMs + timeWindow - now };
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
    ): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          logError(error, 'counting a request for the rate limit failed; it passes uncounted');
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    /** No route has a limit of its own: every route counts in the same rows. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
