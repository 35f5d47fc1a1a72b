import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isDatabaseBusy } from '../../db/sqlite.ts';
import type { Clock } from '../../lib/clock.ts';
import { createRoundLoop } from '../../lib/round-loop.ts';
import { claimQueuedCopy } from './page-copies.repository.ts';
import type { PageCopiesService } from './page-copies.service.ts';

/**
 * How long a claim of a copy (and of its host) is held; a process that dies mid-copy loses it
 * after this long. The same as link previews' (they share the host leases): far longer than a
 * copy takes, a fetch of at most 10 s (the guard's limit) and an extraction of a few seconds.
 */
export const COPY_LEASE_MS = 2 * 60 * 1000;
/** How often an idle worker looks for copies no event announced (other processes, taken-over leases). */
const POLL_INTERVAL_MS = 30 * 1000;

export interface PageCopyWorker {
  /** A copy was queued: look for work now (background mode only). A property, for callbacks. */
  kick: () => void;
  /**
   * Makes every copy that can be claimed now, in the caller's time; resolves with how many it
   * finished (saved or failed). Tests use it to wait for copies deterministically.
   */
  drain(): Promise<number>;
  /** Starts the background loop: work at once (copies left queued by a restart), then on kicks and every 30 s. */
  start(): void;
  /** Stops the loop and waits for the copies in progress. */
  stop(): Promise<void>;
}

/**
 * Makes page copies in the background from the queue in `page_copies` (PRODUCT.md#page-copies):
 * `concurrency` lanes each claim a queued copy (page-copies.repository.ts: users take turns, each
 * user's newest post first; a lease on the copy and on its host, shared with link previews, so all processes together fetch
 * one page per host at a time), make it (page-copies.service.ts) and store the outcome. Claims
 * run out after COPY_LEASE_MS, so copies resume after a crash or restart. A round that meets a
 * busy SQLite database ends; the next poll or kick goes on.
 */
export function createPageCopyWorker({
  db,
  clock,
  copies,
  log,
  concurrency,
  onHostFreed,
}: {
  db: Db;
  clock: Clock;
  copies: Pick<PageCopiesService, 'copy'>;
  log: FastifyBaseLogger;
  /** Copies made at the same time by this process (COPIES_CONCURRENCY). */
  concurrency: number;
  /**
   * Called after each copy, whose host lease is free again: link previews share the leases
   * (db/host-leases.ts), and one waiting for this host need not wait for its next poll.
   */
  onHostFreed?: () => void;
}): PageCopyWorker {
  const loop = createRoundLoop({
    name: 'page copy worker',
    log,
    pollMs: POLL_INTERVAL_MS,
    round: runUntilEmpty,
  });

  /** Claims and makes copies until none can be claimed (or the database is busy). */
  async function runUntilEmpty(): Promise<number> {
    let finished = 0;
    let busy = false;
    const lane = async () => {
      try {
        while (!loop.stopping && !busy) {
          const claim = await claimQueuedCopy(db, clock(), COPY_LEASE_MS);
          if (!claim) return;
          const outcome = await copies.copy(claim);
          onHostFreed?.();
          log.debug({ postId: claim.postId, outcome }, 'page copy finished');
          if (outcome) finished++;
        }
      } catch (error) {
        if (!isDatabaseBusy(error)) throw error;
        busy = true;
      }
    };
    await loop.lanes(concurrency, lane);
    return finished;
  }

  return {
    kick: loop.kick,
    async drain() {
      await loop.settled();
      return runUntilEmpty();
    },
    start: loop.start,
    stop: loop.stop,
  };
}
