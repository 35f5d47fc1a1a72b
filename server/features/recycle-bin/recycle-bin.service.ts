import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { claimScheduledRun } from '../../db/scheduled-runs.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { PageCopiesService } from '../page-copies/page-copies.service.ts';
import { deletePostsInRecycleBin } from '../posts/post-recycle-bin.ts';

export type RecycleBinService = ReturnType<typeof createRecycleBinService>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The recycle bin's end (PRODUCT.md#recycle-bin, API.md): clearing it for good, and the optional
 * automatic purge of posts deleted more than TRASH_DAYS ago. Listing and restoring are post
 * operations (posts.service).
 */
export function createRecycleBinService({
  db,
  clock,
  files,
  pageCopies,
}: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'forgetFilesOfDeletedPosts' | 'removeFiles'>;
  pageCopies: Pick<PageCopiesService, 'removeSnapshots'>;
}) {
  /**
   * Deletes the matching posts for good with the stored files only they used and their page
   * copies' snapshots (the copy rows go with the posts). @returns how many
   */
  async function purge(options: Parameters<typeof deletePostsInRecycleBin>[1]): Promise<number> {
    const { ids, names } = await db.transaction().execute(async (trx) => {
      const posts = await deletePostsInRecycleBin(trx, options);
      return {
        ids: posts.map((post) => post.id),
        names: await files.forgetFilesOfDeletedPosts(trx, posts),
      };
    });
    await files.removeFiles(names);
    await pageCopies.removeSnapshots(ids);
    return ids.length;
  }

  return {
    /** Deletes every post in the actor's recycle bin for good, with its files. @returns how many */
    clear: (actor: UserActor): Promise<number> => purge({ userId: actor.userId }),

    /**
     * Deletes for good, with their files, in every user's bin, the posts deleted more than `days`
     * days ago. @returns how many
     */
    purgeOlderThan: (days: number): Promise<number> =>
      purge({ before: new Date(clock().getTime() - days * DAY_MS).toISOString() }),
  };
}

const HOUR_MS = 60 * 60 * 1000;
/** How often each process asks whether the hourly purge is due (see scheduleRecycleBinPurge). */
const PURGE_CHECK_MS = 5 * 60 * 1000;

/**
 * Runs the purge of posts deleted more than `days` days ago if this process claims this hour's
 * round (`claimScheduledRun`, job `recycle-bin-purge`): of all processes on the database, one
 * purges each hour. @returns how many posts it deleted, or undefined when the round was not due
 * or another process claimed it
 */
export async function purgeIfDue({
  recycleBin,
  db,
  clock,
  days,
}: {
  recycleBin: RecycleBinService;
  db: Db;
  clock: Clock;
  days: number;
}): Promise<number | undefined> {
  if (!(await claimScheduledRun(db, 'recycle-bin-purge', HOUR_MS, clock()))) return undefined;
  return recycleBin.purgeOlderThan(days);
}

/**
 * Purges the recycle bins about hourly while any server process runs (TRASH_DAYS set): each
 * process asks at start and every 5 minutes (`purgeIfDue`), and one of them purges each hour.
 * @returns a function that stops this process's timer
 */
export function scheduleRecycleBinPurge(
  options: Parameters<typeof purgeIfDue>[0] & { log: FastifyBaseLogger },
): () => void {
  const { days, log } = options;
  const run = () =>
    purgeIfDue(options).then(
      (count) =>
        count !== undefined &&
        count > 0 &&
        log.info({ count, days }, 'purged old posts from recycle bins'),
      (error: unknown) => log.error({ err: error }, 'purging recycle bins failed'),
    );
  void run();
  const timer = setInterval(() => void run(), PURGE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
