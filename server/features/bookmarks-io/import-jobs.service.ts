import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import {
  BACKUP_FORMAT,
  SUMMARY_EXAMPLES,
  type DuplicateMode,
  type ImportJob,
  type ImportSummary,
} from '../../../contract/bookmarks-io.ts';
import { tagNameKey } from '../../../contract/tags.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { CollectionRow, CollectionsTable, ImportJobRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Upload } from '../../http/upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { inTurns } from '../../lib/in-turns.ts';
import { randomId } from '../../lib/random-token.ts';
import { getAccessibleCollection } from '../collections/collection-access.ts';
import { subtreeIds } from '../collections/collection-tree.ts';
import {
  insertCollection,
  listCollectionsOwnedBy,
  listSiblingIds,
} from '../collections/collection-store.ts';
import { findOrCreateTags } from '../tags/post-tags.ts';
import {
  insertCollections,
  insertMany,
  listLiveUrls,
  maxLiveOrders,
  withBulkWriteCache,
} from './bookmarks-io.repository.ts';
import { ordersOnTop } from '../posts/post-order.ts';
import { importInput } from './import-format.ts';
import { detectImportFormat, importFormats } from './import-formats.ts';
import {
  failImportJobs,
  findImportJob,
  finishImportJob,
  hasRunningImport,
  insertImportJob,
  reportImportProgress,
  type ImportProgress,
} from './import-jobs.repository.ts';
import { toImportJob } from './import-jobs.presenter.ts';
import {
  importCollectionName,
  planImport,
  type ImportPlan,
  type PlannedPost,
} from './import-plan.ts';
import type { BookmarkFileReader } from './netscape-reader.ts';

export type ImportJobsService = ReturnType<typeof createImportJobsService>;

/** Characters of a Netscape file read per turn of the event loop: about 15 ms of work. */
const READ_SLICE = 256 * 1024;
/** Posts written per statement, and between two turns of the event loop. */
const WRITE_BATCH = 500;
/** Least time between two progress writes of one job. */
const REPORT_INTERVAL_MS = 500;
/** A running job whose heartbeat is older than this lost its process. */
export const STALE_AFTER_MS = 15_000;

/** Columns of an imported post, in the order its values are written. */
const POST_COLUMNS = [
  'user_id',
  'collection_id',
  'type',
  'title',
  'content',
  'url',
  'base_url',
  'description',
  'color',
  'image_path',
  'order',
  'binned_at',
  'preview_status',
  'created_at',
  'updated_at',
  'search_title',
  'search_text',
] as const;

export const INTERRUPTED =
  'The import was interrupted because the server stopped. Nothing of it was saved; start it again.';
const FAILED = 'The import failed because of an error on the server. Nothing of it was saved.';

/** Thrown into a running import when the server shuts down. */
class Stopped extends Error {}

/** Writes unexpected errors to the server log. */
export type ErrorLog = (error: unknown, message: string) => void;

/**
 * Imports as background jobs (PRODUCT.md#import-and-export, API.md `POST /api/imports`). A job
 * reads the file between other requests' work, then writes everything in one transaction, so an
 * import lands whole or not at all; its progress is a row the job updates outside that
 * transaction. docs/ARCHITECTURE.md describes the pipeline.
 */
export function createImportJobsService({
  db,
  clock,
  logError,
  onPreviewsDue = () => {},
}: {
  db: Db;
  clock: Clock;
  logError: ErrorLog;
  /** Told after an import commits, when its link posts wait for their previews. */
  onPreviewsDue?: () => void;
}) {
  const runnerId = randomId(9);
  const running = new Map<number, { abort: AbortController; finished: Promise<void> }>();
  // On SQLite the import's transaction holds the one writer connection until it commits (reads
  // go on beside it): a progress write from outside would wait for the commit, and the import for
  // that write. PostgreSQL runs it on another pooled connection, so there progress and heartbeat
  // go on while it saves.
  const progressWhileSaving = dialectOf(db) === 'postgres';

  // A job whose heartbeat stopped lost its process, and the uploaded file with it.
  const staleBefore = () => new Date(clock().getTime() - STALE_AFTER_MS).toISOString();

  /** Progress writes of one job, at most one per REPORT_INTERVAL_MS unless forced. */
  function createReporter(jobId: number) {
    let last = 0;
    return async (fields: ImportProgress, force = false) => {
      const now = performance.now();
      if (!force && now - last < REPORT_INTERVAL_MS) return;
      last = now;
      await reportImportProgress(db, jobId, { ...fields, heartbeat_at: clock().toISOString() });
    };
  }

  /** Reads the rest of the file, plans, and saves in one transaction; records the outcome. */
  async function run(
    job: ImportJobRow,
    reader: BookmarkFileReader,
    context: { actor: UserActor; target: CollectionRow | null; signal: AbortSignal },
  ): Promise<void> {
    const report = createReporter(job.id);
    try {
      while (!reader.read(READ_SLICE)) {
        await nextTurn();
        context.signal.throwIfAborted();
        await report({
          bytes_read: Math.round((job.bytes_total * reader.position) / reader.length),
          entries_read: reader.entries,
        });
      }
      const plan = await inTurns(
        planImport(reader.finish(), job.duplicates, clock().toISOString()),
        context.signal,
      );
      await report(
        {
          phase: 'saving',
          bytes_read: job.bytes_total,
          entries_read: reader.entries,
          to_create: plan.posts.length,
        },
        true,
      );
      await db.transaction().execute(async (trx) => {
        const summary = await withBulkWriteCache(trx, () =>
          save(trx, plan, {
            ...context,
            fileName: job.file_name,
            duplicates: job.duplicates,
            onProgress: progressWhileSaving ? (created) => report({ created }) : undefined,
          }),
        );
        await finishImportJob(trx, job.id, {
          collection_id: summary.collection_id,
          created: summary.posts,
          summary: JSON.stringify(summary),
          finished_at: clock().toISOString(),
        });
      });
      onPreviewsDue();
    } catch (error) {
      const stopped = context.signal.aborted;
      if (!stopped && !(error instanceof AppError)) logError(error, `import ${job.id} failed`);
      const message = stopped ? INTERRUPTED : error instanceof AppError ? error.message : FAILED;
      // Nothing awaits a job but shutdown: a failure here must be logged, not left unhandled.
      await failImportJobs(
        db,
        { id: job.id },
        { error: message, now: clock().toISOString() },
      ).catch((failure: unknown) =>
        logError(failure, `import ${job.id} could not be marked failed`),
      );
    }
  }

  /**
   * In the save transaction, before anything is written: the actor may still write to the target
   * (its share may have been revoked while the file was read; security finding 10).
   * @returns the target as it is now.
   * @throws 422 when they no longer may, or the target is gone.
   */
  async function targetStillWritable(
    trx: Db,
    actor: UserActor,
    target: CollectionRow,
  ): Promise<CollectionRow> {
    try {
      return await getAccessibleCollection(trx, actor, target.id, Permission.WRITE);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw unprocessable(
        'You can no longer add posts to the collection this import was going into (it was deleted or is no longer shared with you). Nothing of the import was saved.',
      );
    }
  }

  /**
   * Writes the plan, consuming its posts: the collection it lands in (new, or the target, which
   * the actor must still be allowed to write to), its folders (inside an existing target, a
   * folder joins an existing sub-collection of the same name), the tags, the posts in batches
   * with their tag links (URLs already in the target left out with `skip`). The posts belong to
   * the target's owner, or to the actor.
   * @throws 422 when the actor may no longer write to the target, or it is gone.
   */
  async function save(
    trx: Db,
    plan: ImportPlan,
    options: {
      actor: UserActor;
      target: CollectionRow | null;
      fileName: string;
      duplicates: DuplicateMode;
      signal: AbortSignal;
      onProgress?: (created: number) => Promise<void>;
    },
  ): Promise<ImportSummary> {
    const target =
      options.target && (await targetStillWritable(trx, options.actor, options.target));
    const ownerId = target?.user_id ?? options.actor.userId;
    const now = clock().toISOString();
    let rootId: number;
    let collections = 0;
    // Inside an existing target: its sub-collections by parent and name, the URLs already there,
    // and the highest order of each collection (imported posts go on top).
    const childByName = new Map<number, Map<string, number>>();
    const childCount = new Map<number, number>();
    const existingUrls = new Set<string>();
    let baseOrder = new Map<number, number>();
    if (target) {
      rootId = target.id;
      const owned = await listCollectionsOwnedBy(trx, ownerId);
      const inTarget = subtreeIds(owned, rootId);
      const inTargetSet = new Set(inTarget);
      for (const row of owned) {
        if (row.parent_id === null || !inTargetSet.has(row.parent_id)) continue;
        const names = childByName.get(row.parent_id) ?? new Map<string, number>();
        if (!names.has(row.name)) names.set(row.name, row.id);
        childByName.set(row.parent_id, names);
        childCount.set(row.parent_id, (childCount.get(row.parent_id) ?? 0) + 1);
      }
      for (const url of await listLiveUrls(trx, inTarget)) existingUrls.add(urlKey(url));
      baseOrder = await maxLiveOrders(trx, inTarget);
    } else {
      const topLevel = await listSiblingIds(trx, null, ownerId);
      const root = await insertCollection(trx, {
        userId: ownerId,
        parentId: null,
        name: importCollectionName(options.fileName),
        iconId: null,
        localOrder: topLevel.length + 1,
        now,
      });
      rootId = root.id;
      collections += 1;
    }

    // Folders, one statement per level: a parent's id is known before its children are written.
    const folderIds: number[] = new Array<number>(plan.folders.length);
    const levelOf: number[] = new Array<number>(plan.folders.length);
    const levels: number[][] = [];
    for (const [index, planned] of plan.folders.entries()) {
      const level = planned.parent === null ? 0 : levelOf[planned.parent]! + 1;
      levelOf[index] = level;
      (levels[level] ??= []).push(index);
    }
    for (const level of levels) {
      const created: number[] = [];
      const rows: Insertable<CollectionsTable>[] = [];
      for (const index of level) {
        const planned = plan.folders[index]!;
        const parentId = planned.parent === null ? rootId : folderIds[planned.parent]!;
        const existing = childByName.get(parentId)?.get(planned.name);
        if (existing !== undefined) {
          folderIds[index] = existing;
          continue;
        }
        const localOrder = (childCount.get(parentId) ?? 0) + 1;
        childCount.set(parentId, localOrder);
        const stamp = planned.addDate?.toISOString() ?? now;
        rows.push({
          user_id: ownerId,
          parent_id: parentId,
          name: planned.name,
          icon_id: null,
          local_order: localOrder,
          created_at: stamp,
          updated_at: stamp,
        });
        created.push(index);
      }
      const ids = await insertCollections(trx, rows);
      for (const [position, index] of created.entries()) folderIds[index] = ids[position]!;
      collections += ids.length;
    }

    // Posts already in the target are duplicates too; with `skip` they are left out.
    const examples = plan.examples.duplicates.slice();
    let inTarget = 0;
    // The plan's posts are consumed: each batch leaves the array once written, so that memory
    // shrinks as the transaction goes on instead of holding every post to the end.
    const pending = plan.posts;
    plan.posts = [];
    let kept = 0;
    for (const post of pending) {
      if (post.url !== null && existingUrls.has(post.url)) {
        inTarget += 1;
        if (examples.length < SUMMARY_EXAMPLES) {
          examples.push({ title: post.fields.title ?? post.url, url: post.url, where: 'target' });
        }
        if (options.duplicates === 'skip') continue;
      }
      pending[kept++] = post;
    }
    pending.length = kept;

    // On top of each collection, the file's first bookmark first.
    const collectionOf = (post: PlannedPost) =>
      post.folder === null ? rootId : folderIds[post.folder]!;
    const orders = ordersOnTop(pending.map(collectionOf), baseOrder);

    // Tags first, so that each batch of posts can be linked to its tags right away: one batch
    // of links in memory at a time, not all of them.
    const tagNames = new Map<string, string>();
    for (const post of pending) for (const name of post.tags) tagNames.set(tagNameKey(name), name);
    const tags = await findOrCreateTags(trx, ownerId, [...tagNames.values()], now);

    let created = 0;
    while (pending.length > 0) {
      const batch = pending.splice(0, WRITE_BATCH);
      const rows = batch.map((post, offset) => {
        const { fields } = post;
        return [
          ownerId,
          collectionOf(post),
          fields.type,
          fields.title,
          fields.content,
          fields.url,
          fields.base_url,
          post.description,
          null,
          null,
          orders[created + offset],
          null,
          fields.preview_status,
          post.created_at,
          post.updated_at,
          post.search.search_title,
          post.search.search_text,
        ];
      });
      const ids = await insertMany(trx, 'posts', POST_COLUMNS, rows, { returningIds: true });
      // Each post's tag names are distinct ignoring case (the readers see to it): every pair is new.
      const links = batch.flatMap((post, offset) =>
        post.tags.map((name) => [ids[offset]!, tags.get(tagNameKey(name))!.id]),
      );
      await insertMany(trx, 'post_tags', ['post_id', 'tag_id'], links, { returningIds: false });
      created += ids.length;
      await options.onProgress?.(created);
      // Lets the process serve what needs no database between two batches; stops on shutdown.
      await nextTurn();
      options.signal.throwIfAborted();
    }

    return {
      collection_id: rootId,
      collections,
      posts: created,
      tags: tags.size,
      skipped: plan.skipped,
      duplicates: {
        total: plan.duplicatesInFile + inTarget,
        in_target: inTarget,
        in_file: plan.duplicatesInFile,
        kept: options.duplicates === 'keep',
      },
      examples: { skipped: plan.examples.skipped, duplicates: examples },
    };
  }

  return {
    /**
     * Checks the upload and starts its import in the background.
     *
     * @param options.collectionId an existing collection to import into (the actor needs write
     *   access; the posts belong to its owner); undefined = a new top-level collection named after
     *   the file.
     * @returns the job, running, at once.
     * @throws 404/403 for a target the actor may not write; 409 while another import of the actor
     *   runs; 422 for an empty file, a backup, a file in no known format, or one holding no
     *   bookmarks and no folders.
     */
    async start(
      actor: UserActor,
      file: Upload,
      options: { collectionId?: number; duplicates: DuplicateMode },
    ): Promise<ImportJob> {
      const target =
        options.collectionId === undefined
          ? null
          : await getAccessibleCollection(db, actor, options.collectionId, Permission.WRITE);
      const now = clock().toISOString();
      // A job of a process that died no longer blocks its user; this process's own never does.
      await failImportJobs(
        db,
        { heartbeatBefore: staleBefore(), userId: actor.userId, exceptRunner: runnerId },
        { error: INTERRUPTED, now },
      );
      if (await hasRunningImport(db, actor.userId)) {
        throw conflict('An import is already running. Wait until it has finished.');
      }

      if (file.bytes.length === 0) throw unprocessable('The file is empty.');
      const input = importInput(file.bytes);
      const json = input.json() as { format?: unknown } | undefined;
      if (json?.format === BACKUP_FORMAT) {
        throw unprocessable(
          'This is a Nestmark backup, not a bookmarks file. Restore it with "Restore a backup" into an empty account.',
        );
      }
      const format = detectImportFormat(input);
      if (!format) {
        throw unprocessable(
          `This file is not in a format Nestmark can import. Export your bookmarks as an HTML file, or use one of: ${importFormats
            .filter((known) => known.id !== 'netscape')
            .map((known) => known.name)
            .join(', ')}.`,
        );
      }
      const reader = format.open(input);
      // Reads only as far as the first folder or bookmark (a few bytes of a real export), so the
      // answer stays immediate and a file that is not a bookmark file is refused right here.
      while (!reader.hasContent() && !reader.read(READ_SLICE));
      if (!reader.hasContent()) {
        throw unprocessable(
          reader.entries > 0
            ? 'This bookmark file holds no web links (http or https) to import.'
            : 'This is not a bookmark file: it holds no bookmarks or folders. Export your bookmarks from the browser as HTML and upload that file.',
        );
      }

      const job = await insertImportJob(db, {
        user_id: actor.userId,
        runner_id: runnerId,
        status: 'running',
        phase: 'reading',
        file_name: file.name || 'bookmarks.html',
        format: format.id,
        target_collection_id: target?.id ?? null,
        duplicates: options.duplicates,
        bytes_total: file.bytes.length,
        bytes_read: Math.round((file.bytes.length * reader.position) / reader.length),
        entries_read: reader.entries,
        created: 0,
        heartbeat_at: now,
        created_at: now,
      });
      const abort = new AbortController();
      const finished = run(job, reader, {
        actor,
        target,
        signal: abort.signal,
      }).finally(() => running.delete(job.id));
      running.set(job.id, { abort, finished });
      return toImportJob(job);
    },

    /**
     * One of the actor's import jobs. A running job of another process whose heartbeat stopped
     * is marked failed (interrupted) on the way. @throws 404 for anyone else's.
     */
    async get(actor: UserActor, id: number): Promise<ImportJob> {
      let job = await findImportJob(db, id);
      if (!job || job.user_id !== actor.userId) throw notFound('Import');
      if (job.status === 'running' && !running.has(job.id) && job.heartbeat_at < staleBefore()) {
        await failImportJobs(db, { id }, { error: INTERRUPTED, now: clock().toISOString() });
        job = (await findImportJob(db, id))!;
      }
      return toImportJob(job);
    },

    /**
     * At start: marks failed the jobs that were running when a process died (their transaction
     * was rolled back, so nothing of them is visible). On SQLite only this process uses the
     * database, so every running job is such a job; on PostgreSQL, those whose heartbeat stopped.
     * @returns how many were marked.
     */
    recoverInterrupted(): Promise<number> {
      const now = clock().toISOString();
      const which = dialectOf(db) === 'sqlite' ? {} : { heartbeatBefore: staleBefore() };
      return failImportJobs(db, which, { error: INTERRUPTED, now });
    },

    /** Stops the running imports (each rolls back and is marked interrupted) and waits for them. */
    async close(): Promise<void> {
      const jobs = [...running.values()];
      for (const job of jobs) job.abort.abort(new Stopped());
      await Promise.all(jobs.map((job) => job.finished));
    },
  };
}

/** The key URLs are compared by: WHATWG-serialised, as the plan stores imported ones. */
function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
