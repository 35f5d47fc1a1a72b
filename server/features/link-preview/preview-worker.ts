import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import { refreshSearchDocuments } from '../search/search.repository.ts';
import { FetchFailedError } from './guarded-fetcher.ts';
import type { LinkPreviewService } from './link-preview.service.ts';
import {
  claimPendingPreview,
  completePreview,
  failPreview,
  type ClaimedPreview,
} from './previews.repository.ts';

/**
 * How long a claim is held. A process that dies mid-fetch loses its claims after this long, and a
 * try that failed for a passing reason (timeout, 5xx) waits this long before the next: the lease
 * is the retry back-off. Much longer than a fetch can take (the guard stops at 10 s per request).
 */
export const PREVIEW_LEASE_MS = 2 * 60 * 1000;
/** Tries of one preview before it is marked failed. */
export const PREVIEW_MAX_ATTEMPTS = 3;
/** How often an idle worker looks for work that no event announced (other processes, retries). */
const POLL_INTERVAL_MS = 30 * 1000;
/** Previews fetched at the same time by one process. */
const CONCURRENCY = 3;

export interface PreviewWorker {
  /** Something became pending: look for work now (background mode only). */
  kick(): void;
  /**
   * Processes every preview that can be claimed now, in the caller's time, then removes the
   * thumbnails of posts deleted for good; resolves with how many previews it finished (done or
   * failed). Tests use it to wait for previews deterministically.
   */
  drain(): Promise<number>;
  /** Starts the background loop: work at once (previews left pending by a restart), then on kicks and every 30 s. */
  start(): void;
  /** Stops the loop and waits for the previews in progress. */
  stop(): Promise<void>;
}

/**
 * Fills in link previews in the background (issue "posts and the editor"): a post is saved at
 * once with `preview_status` 'pending'; this worker claims it through the database (so several
 * Nestmark processes never fetch the same post), fetches the page, and marks it 'done' with what
 * it found or 'failed' (refused address, HTTP 4xx, or the third passing failure). A failed preview
 * leaves the post as it was saved, titled by its URL. Claims expire, so work resumes after a crash
 * or restart. Each round ends by removing the thumbnails of posts deleted for good.
 */
export function createPreviewWorker({
  db,
  clock,
  previews,
  files,
  log,
}: {
  db: Db;
  clock: Clock;
  previews: LinkPreviewService;
  files: FilesService;
  log: FastifyBaseLogger;
}): PreviewWorker {
  let background = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let rerun = false;

  async function work(claim: ClaimedPreview): Promise<void> {
    try {
      const preview = await previews.preview(claim);
      // Title and description are searched: the post's search document changes with them.
      await db.transaction().execute(async (trx) => {
        await completePreview(trx, claim, preview);
        await refreshSearchDocuments(trx, [claim.id]);
      });
    } catch (error) {
      const passing = error instanceof FetchFailedError && error.transient;
      if (passing && claim.attempts < PREVIEW_MAX_ATTEMPTS) {
        // Left claimed: tried again once the lease runs out.
        log.debug({ postId: claim.id, err: error }, 'link preview failed, will retry');
        return;
      }
      log.debug({ postId: claim.id, reason: (error as Error).message }, 'link preview failed');
      await failPreview(db, claim);
    }
  }

  /** Claims and processes until nothing can be claimed, CONCURRENCY at a time. */
  async function runUntilEmpty(): Promise<number> {
    let finished = 0;
    const lane = async () => {
      while (!stopping) {
        const now = clock();
        const claim = await claimPendingPreview(
          db,
          now.toISOString(),
          new Date(now.getTime() - PREVIEW_LEASE_MS).toISOString(),
        );
        if (!claim) return;
        await work(claim);
        finished++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    await files.removeOrphanThumbnails();
    return finished;
  }

  function schedule(): void {
    if (!background || stopping) return;
    if (running) {
      rerun = true;
      return;
    }
    running = (async () => {
      do {
        rerun = false;
        await runUntilEmpty().catch((error: unknown) =>
          log.error({ err: error }, 'link preview worker failed'),
        );
      } while (rerun && !stopping);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    kick: schedule,
    async drain() {
      await running;
      return runUntilEmpty();
    },
    start() {
      background = true;
      schedule();
      timer = setInterval(schedule, POLL_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
