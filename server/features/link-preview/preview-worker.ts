import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isDatabaseBusy } from '../../db/sqlite.ts';
import type { Clock } from '../../lib/clock.ts';
import { createRoundLoop } from '../../lib/round-loop.ts';
import type { FilesService } from '../files/files.service.ts';
import { refreshSearchDocuments } from '../search/search-index.ts';
import { FetchFailedError } from './guarded-fetcher.ts';
import type { LinkPreviewService } from './link-preview.service.ts';
import {
  claimPendingPreview,
  completePreview,
  failPreview,
  queuePendingPreviews,
  retryPreviewLater,
  type ClaimedPreview,
} from './previews.repository.ts';

/**
 * Waits before the 2nd, 3rd, … try of a preview that failed for a passing reason (timeout, 5xx,
 * 429): growing, so a site that is down or throttling us is given time to recover. After the
 * last one fails the preview is marked failed.
 */
export const PREVIEW_RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
/** Tries of one preview before it is marked failed. */
const PREVIEW_MAX_ATTEMPTS = PREVIEW_RETRY_DELAYS_MS.length + 1;
/**
 * How often an idle worker looks for work that no event announced (other processes, retries,
 * claims that ran out), at most: with a shorter lease it looks once per lease, so a dead
 * process's claims are taken over at most a lease after they ran out.
 */
const POLL_INTERVAL_MS = 30 * 1000;
/**
 * SQLite may refuse a write as busy while another connection writes (an import's save): the wait
 * before such a write is tried again, and before a round that met it starts again.
 */
const BUSY_RETRY_MS = 1000;
/**
 * Tries of a finished preview's write while the database is busy. After the last, the claim is
 * left to run out (the lease, `PREVIEW_LEASE_SECONDS`) and the post is fetched again.
 */
const BUSY_WRITE_TRIES = 10;

export interface PreviewWorker {
  /**
   * Something became pending: queue it, and look for work now (background mode only). A
   * property, not a method: services receive it detached, as their `onPreviewDue` callback.
   */
  kick: () => void;
  /**
   * Processes every preview that can be claimed now, in the caller's time, then removes the
   * thumbnails of posts deleted for good; resolves with how many previews it finished (done or
   * failed). Tests use it to wait for previews deterministically.
   */
  drain(): Promise<number>;
  /**
   * Starts the background loop: work at once (previews left pending by a restart), then on kicks
   * and every 30 s (every lease, when the lease is shorter).
   */
  start(): void;
  /** Stops the loop and waits for the previews in progress. */
  stop(): Promise<void>;
  /**
   * Previews this process has finished since it started, by outcome: `done`, `retried` (a passing
   * failure, tried again later) and `failed` (given up). Read by the metrics (`GET /metrics`).
   */
  readonly finished: Readonly<Record<PreviewOutcome, number>>;
}

export type PreviewOutcome = 'done' | 'retried' | 'failed';

/**
 * Fills in link previews in the background from a queue kept in the database (docs/ARCHITECTURE.md,
 * link previews): a post is saved at once with `preview_status` 'pending'; each round queues the
 * new pending posts (their host names), then `concurrency` lanes claim posts through the database
 * (previews.repository.ts: users take turns, one page per host at a time across all processes,
 * never one post twice), fetch the page, and mark it 'done' with what they found or 'failed'
 * (refused address, HTTP 4xx, or the last passing failure of PREVIEW_RETRY_DELAYS_MS). A failed
 * preview leaves the post as it was saved. Claims expire, so work resumes after a crash or
 * restart. Each round ends by removing the thumbnails of posts deleted for good.
 */
export function createPreviewWorker({
  db,
  clock,
  previews,
  files,
  log,
  concurrency,
  leaseMs,
  pageCopies,
}: {
  db: Db;
  clock: Clock;
  previews: LinkPreviewService;
  files: FilesService;
  log: FastifyBaseLogger;
  /** Previews fetched at the same time by this process (PREVIEW_CONCURRENCY). */
  concurrency: number;
  /**
   * How long a claim holds, in milliseconds (PREVIEW_LEASE_SECONDS): a process that dies
   * mid-fetch loses its claims after this long.
   */
  leaseMs: number;
  /**
   * Page copies of new links (PRODUCT.md#page-copies): `queue` is called in the transaction that
   * ends a post's preview for good (done or failed, not a retry), `kick` once it committed.
   */
  pageCopies?: { queue(trx: Db, postId: number): Promise<void>; kick(): void };
}): PreviewWorker {
  const loop = createRoundLoop({
    name: 'link preview worker',
    log,
    pollMs: Math.min(POLL_INTERVAL_MS, leaseMs),
    round: runUntilEmpty,
  });
  let busyTimer: NodeJS.Timeout | undefined;
  /** New pending posts may exist that are not queued yet (a kick, or a round starting). */
  let queueDue = true;
  let queueing: Promise<unknown> = Promise.resolve();

  /** Queues new pending posts when due; every lane waits for it, so none claims too early. */
  function queueIfDue(): Promise<unknown> {
    if (queueDue) {
      queueDue = false;
      queueing = queuePendingPreviews(db, { stopped: () => loop.stopping });
    }
    return queueing;
  }

  /** Runs `write`, trying again while the database is busy (at most BUSY_WRITE_TRIES times). */
  async function written(write: () => Promise<void>): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        return await write();
      } catch (error) {
        if (!isDatabaseBusy(error) || tries === BUSY_WRITE_TRIES || loop.stopping) throw error;
        await sleep(BUSY_RETRY_MS);
      }
    }
  }

  const finished: Record<PreviewOutcome, number> = { done: 0, retried: 0, failed: 0 };

  /** Fetches a claimed preview, then stores the outcome and ends the claim in one transaction. */
  async function work(claim: ClaimedPreview): Promise<void> {
    let finish: (trx: Db) => Promise<void>;
    let outcome: PreviewOutcome = 'done';
    try {
      const preview = await previews.preview(claim);
      // Title and description are searched: the post's search document changes with them.
      finish = async (trx) => {
        await completePreview(trx, claim, preview);
        await refreshSearchDocuments(trx, [claim.id]);
        await pageCopies?.queue(trx, claim.id);
      };
    } catch (error) {
      const passing =
        (error instanceof FetchFailedError && error.transient) || isDatabaseBusy(error);
      if (passing && claim.attempts < PREVIEW_MAX_ATTEMPTS) {
        const delay = PREVIEW_RETRY_DELAYS_MS[claim.attempts - 1]!;
        log.debug({ postId: claim.id, err: error }, 'link preview failed, will retry');
        const retryAt = new Date(clock().getTime() + delay).toISOString();
        finish = (trx) => retryPreviewLater(trx, claim, retryAt);
        outcome = 'retried';
      } else {
        log.debug({ postId: claim.id, reason: (error as Error).message }, 'link preview failed');
        finish = async (trx) => {
          await failPreview(trx, claim);
          await pageCopies?.queue(trx, claim.id);
        };
        outcome = 'failed';
      }
    }
    await written(() => db.transaction().execute(finish));
    finished[outcome] += 1;
    if (outcome !== 'retried') pageCopies?.kick();
  }

  /**
   * Claims and processes until nothing can be claimed, or until the database is busy (then, in
   * background mode, the next round starts after BUSY_RETRY_MS). Posts saved meanwhile are queued
   * before the next claim, and a kick starts a lane where one ended (RoundLoop `lanes`), so a link saved
   * while a slow page holds a lane is fetched at once, not after it.
   */
  async function runUntilEmpty(): Promise<number> {
    queueDue = true;
    let finished = 0;
    let busy = false;
    const lane = async () => {
      try {
        while (!loop.stopping && !busy) {
          await queueIfDue();
          const claim = await claimPendingPreview(db, clock(), leaseMs);
          if (!claim) return;
          await work(claim);
          finished++;
        }
      } catch (error) {
        if (!isDatabaseBusy(error)) throw error;
        busy = true;
      }
    };
    const ended = await loop.lanes(concurrency, lane).then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    await files.removeOrphanThumbnails().catch((error: unknown) => {
      if (!isDatabaseBusy(error)) throw error;
      busy = true;
    });
    if (ended) throw ended.error;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the lanes set `busy`; TypeScript does not follow assignments made in closures
    if (busy && loop.background && !loop.stopping) {
      log.debug(`database busy: link previews go on in ${BUSY_RETRY_MS} ms`);
      clearTimeout(busyTimer);
      busyTimer = setTimeout(loop.kick, BUSY_RETRY_MS);
      busyTimer.unref();
    }
    return finished;
  }

  return {
    finished,
    kick() {
      queueDue = true;
      loop.kick();
    },
    async drain() {
      await loop.settled();
      return runUntilEmpty();
    },
    start: loop.start,
    async stop() {
      clearTimeout(busyTimer);
      await loop.stop();
    },
  };
}
