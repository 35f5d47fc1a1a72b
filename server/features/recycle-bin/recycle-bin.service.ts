import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
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
}: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'forgetFilesOfDeletedPosts' | 'removeFiles'>;
}) {
  /** Deletes the matching posts for good with the stored files only they used. @returns how many */
  async function purge(options: Parameters<typeof deletePostsInRecycleBin>[1]): Promise<number> {
    const { count, names } = await db.transaction().execute(async (trx) => {
      const posts = await deletePostsInRecycleBin(trx, options);
      return { count: posts.length, names: await files.forgetFilesOfDeletedPosts(trx, posts) };
    });
    await files.removeFiles(names);
    return count;
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

/**
 * Runs the purge now and every hour while the server runs (TRASH_DAYS set). Deleting is
 * idempotent, so several server processes may run it side by side.
 */
export function scheduleRecycleBinPurge(
  recycleBin: RecycleBinService,
  days: number,
  log: FastifyBaseLogger,
): () => void {
  const run = () =>
    recycleBin.purgeOlderThan(days).then(
      (count) => count > 0 && log.info({ count, days }, 'purged old posts from recycle bins'),
      (error: unknown) => log.error({ err: error }, 'purging recycle bins failed'),
    );
  void run();
  const timer = setInterval(() => void run(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
