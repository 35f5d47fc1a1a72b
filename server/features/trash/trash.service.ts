import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteArchivedPosts } from '../posts/posts.repository.ts';

export type TrashService = ReturnType<typeof createTrashService>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The recycle bin's end (SPEC §2 Recycle bin, §7): clearing it for good, and the optional
 * automatic purge of posts deleted more than TRASH_DAYS ago. Listing and restoring are post
 * operations (posts.service).
 */
export function createTrashService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Deletes every post in the actor's recycle bin for good. Returns how many went. */
    async clear(actor: UserActor): Promise<number> {
      return (await deleteArchivedPosts(db, { userId: actor.userId })).length;
    },

    /** Deletes for good, in every user's bin, the posts deleted more than `days` days ago. */
    async purgeOlderThan(days: number): Promise<number> {
      const before = new Date(clock().getTime() - days * DAY_MS).toISOString();
      return (await deleteArchivedPosts(db, { before })).length;
    },
  };
}

/**
 * Runs the purge now and every hour while the server runs (TRASH_DAYS set). Deleting is
 * idempotent, so several server processes may run it side by side.
 */
export function scheduleRecycleBinPurge(
  trash: TrashService,
  days: number,
  log: FastifyBaseLogger,
): () => void {
  const run = () =>
    trash.purgeOlderThan(days).then(
      (count) => count > 0 && log.info({ count, days }, 'purged old posts from recycle bins'),
      (error: unknown) => log.error({ err: error }, 'purging recycle bins failed'),
    );
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
