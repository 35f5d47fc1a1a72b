import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { countRequests, deletePastWindows } from '../db/rate-limit-counters.ts';
import type { Clock } from '../lib/clock.ts';

/** What the store reports for a request: its number in the window, and ms until the window ends. */
interface Count {
  current: number;
  ttl: number;
}

/**
 * A process takes its numbers of a key's count in blocks of this share of the limit (at least
 * one number): a user at the default limit of 1,200 a minute costs 20 writes a minute, not 1,200.
 */
const BLOCKS_PER_LIMIT = 20;

/** Numbers of a key's count in one window that this process took and hands out one by one. */
interface Block {
  /** The number the next request gets. */
  next: number;
  /** The last number of the block; past it, the process takes another block. */
  last: number;
}

/**
 * A store for `@fastify/rate-limit` that counts in the database (`db/rate-limit-counters.ts`), so
 * that every process on one PostgreSQL database counts against the same limit
 * (docs/OPERATIONS.md#scaling-out). Windows are fixed: `timeWindow` ms from a multiple of it
 * since the epoch, the same for every process whose clock is right.
 *
 * A process takes a key's numbers in blocks: one upsert adds a twentieth of the limit (at least
 * 1) to the key's row of the current window and the process hands those numbers out to its next
 * requests, so processes counting at the same moment each get their own numbers, and no more
 * than the limit is ever let through across all processes. Numbers a process took and did not
 * hand out are lost to the others: a client spread over several processes may be refused up to
 * a block per other process early. Once a block reaches past the limit, the process refuses that
 * key for the rest of the window without writing. Writing rarely matters for more than its cost: each
 * commit changes the snapshot that pages kept on PostgreSQL are checked against
 * (ARCHITECTURE.md#reads-kept). The first request a process counts in a new window first deletes
 * the rows of past windows.
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
  /** This process's block of each key in the window `clearedBefore`, or the upsert taking it. */
  let blocks = new Map<string, Promise<Block>>();

  async function takeBlock(key: string, windowStart: string, size: number): Promise<Block> {
    const last = await countRequests(db, key, windowStart, size);
    return { next: last - size + 1, last };
  }

  /** The next number of `key`'s count in the window `windowStart`, from this process's block. */
  async function take(key: string, windowStart: string, max: number): Promise<number> {
    for (;;) {
      let taking = blocks.get(key);
      if (!taking) {
        taking = takeBlock(key, windowStart, Math.max(1, Math.floor(max / BLOCKS_PER_LIMIT)));
        blocks.set(key, taking);
      }
      const forget = () => {
        if (blocks.get(key) === taking) blocks.delete(key);
      };
      const block = await taking.catch((error: unknown) => {
        forget();
        throw error;
      });
      // Past the limit every number is refused: count on here, without writing.
      if (block.next > block.last && block.last >= max) block.last = Infinity;
      if (block.next <= block.last) return block.next++;
      forget();
    }
  }

  async function count(key: string, timeWindow: number, max: number): Promise<Count> {
    const now = clock().getTime();
    const startMs = now - (now % timeWindow);
    const windowStart = new Date(startMs).toISOString();
    if (windowStart !== clearedBefore) {
      clearedBefore = windowStart;
      blocks = new Map();
      await deletePastWindows(db, windowStart);
    }
    const current = await take(key, windowStart, max);
    return { current, ttl: startMs + timeWindow - now };
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
      max: number,
    ): void {
      count(key, timeWindow, max).then(
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
