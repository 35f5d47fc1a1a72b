import {
  BACKUP_FORMAT,
  type DuplicateMode,
  type ImportJob,
} from '../../../contract/bookmarks-io.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { CollectionRow, ImportJobRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Upload } from '../../http/upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { giveWay } from '../../lib/give-way.ts';
import { inTurns } from '../../lib/in-turns.ts';
import { randomId } from '../../lib/random-token.ts';
import { getAccessibleCollection } from '../collections/collection-access.ts';
import { importFormatNames, importInput, type ImportFormat } from './import-format.ts';
import {
  failImportJobs,
  findImportJob,
  hasRunningImport,
  insertImportJob,
  reportImportProgress,
  type ImportProgress,
} from './import-jobs.repository.ts';
import { toImportJob } from './import-jobs.presenter.ts';
import { planImport, type ImportPlan } from './import-plan.ts';
import { publishImport, saveImport } from './import-save.ts';
import { discardStagedRows, listJobsWithStagedRows, unstageRows } from './import-staging.ts';
import type { BookmarkFileReader } from './netscape-reader.ts';

export type ImportJobsService = ReturnType<typeof createImportJobsService>;

/** Characters of a Netscape file read per turn of the event loop: about 15 ms of work. */
const READ_SLICE = 256 * 1024;
/** Least time between two progress writes of one job. */
const REPORT_INTERVAL_MS = 500;
/** A running job whose heartbeat is older than this lost its process. */
export const STALE_AFTER_MS = 15_000;

export const INTERRUPTED =
  'The import was interrupted because the server stopped. Nothing of it was saved; start it again.';
const FAILED = 'The import failed because of an error on the server. Nothing of it was saved.';

/** Thrown into a running import when the server shuts down. */
class Stopped extends Error {}

/** Who runs a job, into which collection, and the signal that stops it on shutdown. */
interface RunContext {
  actor: UserActor;
  target: CollectionRow | null;
  signal: AbortSignal;
}

/** Writes unexpected errors to the server log. */
export type ErrorLog = (error: unknown, message: string) => void;

/**
 * Imports as background jobs (PRODUCT.md#import-and-export, API.md `POST /api/imports`). A job
 * reads the file between other requests' work, then writes everything staged in short
 * transactions and publishes it in one, so an import lands whole or not at all while other
 * requests' writes go on; its progress is a row the job updates between those transactions.
 * docs/ARCHITECTURE.md describes the pipeline.
 */
export function createImportJobsService({
  db,
  clock,
  logError,
  onPreviewsDue = () => {},
  beforeBatch,
}: {
  db: Db;
  clock: Clock;
  logError: ErrorLog;
  /** Told after an import is published, when its link posts wait for their previews. */
  onPreviewsDue?: () => void;
  /**
   * For tests: awaited before each batch of posts an import writes, with how many it has
   * written (a test holds an import half-saved there, or makes it fail).
   */
  beforeBatch?: (created: number) => Promise<void>;
}) {
  const runnerId = randomId(9);
  const running = new Map<number, { abort: AbortController; finished: Promise<void> }>();

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

  type Reporter = ReturnType<typeof createReporter>;

  /**
   * Resolves once the imports this process runs have finished, done or failed (the command line
   * waits for its import so; `get` tells the outcome).
   */
  async function settle(): Promise<void> {
    await Promise.all([...running.values()].map((job) => job.finished));
  }

  /**
   * Reads the rest of the file, plans, saves it staged and publishes it; records the outcome. A
   * failed job's staged rows are deleted before it is marked failed; a published one's markers
   * are cleared after.
   */
  async function run(
    job: ImportJobRow,
    reader: BookmarkFileReader,
    context: RunContext,
  ): Promise<void> {
    const report = createReporter(job.id);
    try {
      const plan = await readAndPlan(job, reader, context.signal, report);
      await report(
        {
          phase: 'saving',
          bytes_read: job.bytes_total,
          entries_read: reader.entries,
          to_create: plan.posts.length,
        },
        true,
      );
      const summary = await saveImport(db, plan, {
        ...context,
        jobId: job.id,
        fileName: job.file_name,
        duplicates: job.duplicates,
        now: clock().toISOString(),
        beforeBatch,
        onProgress: (created) => report({ created }),
      });
      await publishImport(db, summary, {
        ...context,
        jobId: job.id,
        finishedAt: clock().toISOString(),
      });
    } catch (error) {
      const stopped = context.signal.aborted;
      if (!stopped && !(error instanceof AppError)) logError(error, `import ${job.id} failed`);
      const message = stopped ? INTERRUPTED : error instanceof AppError ? error.message : FAILED;
      // Nothing awaits a job but shutdown: a failure here must be logged, not left unhandled.
      // Rows the discard leaves (the database failed) are deleted at the next start.
      await discardStagedRows(db, job.id)
        .then(() =>
          failImportJobs(db, { id: job.id }, { error: message, now: clock().toISOString() }),
        )
        .catch((failure: unknown) =>
          logError(failure, `import ${job.id} could not be discarded and marked failed`),
        );
      return;
    }
    onPreviewsDue();
    await unstageRows(db, job.id).catch((failure: unknown) =>
      logError(failure, `import ${job.id}: its markers could not be cleared`),
    );
  }

  /**
   * Marks failed (interrupted) the running jobs `which` selects, which a dead process left, and
   * finishes what stopped processes left of any job: deletes the staged rows of failed jobs,
   * clears the markers of done ones. @returns how many jobs were marked.
   */
  async function interrupt(which: Parameters<typeof failImportJobs>[1]): Promise<number> {
    const marked = await failImportJobs(db, which, {
      error: INTERRUPTED,
      now: clock().toISOString(),
    });
    for (const job of await listJobsWithStagedRows(db)) {
      if (running.has(job.id)) continue;
      if (job.status === 'done') await unstageRows(db, job.id);
      else await discardStagedRows(db, job.id);
    }
    return marked;
  }

  /**
   * Reads the rest of the file a slice per turn of the event loop, reporting how far it got, then
   * plans it in turns. @throws the signal's reason when it is aborted (shutdown).
   */
  async function readAndPlan(
    job: ImportJobRow,
    reader: BookmarkFileReader,
    signal: AbortSignal,
    report: Reporter,
  ): Promise<ImportPlan> {
    while (!reader.read(READ_SLICE)) {
      await giveWay();
      signal.throwIfAborted();
      await report({
        bytes_read: Math.round((job.bytes_total * reader.position) / reader.length),
        entries_read: reader.entries,
      });
    }
    return inTurns(planImport(reader.finish(), job.duplicates, clock().toISOString()), {
      signal,
      pause: giveWay,
    });
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
      await interrupt({
        heartbeatBefore: staleBefore(),
        userId: actor.userId,
        exceptRunner: runnerId,
      });
      if (await hasRunningImport(db, actor.userId)) {
        throw conflict('An import is already running. Wait until it has finished.');
      }

      const { format, reader } = await openUpload(file);
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
        await interrupt({ id });
        job = (await findImportJob(db, id))!;
      }
      return toImportJob(job);
    },

    /**
     * At start: marks failed the jobs that were running when a process died (nothing of them was
     * visible: their rows were staged) and deletes their staged rows; finishes what a stopped
     * process left of other jobs (see `interrupt`). On SQLite only this process uses the
     * database, so every running job is such a job; on PostgreSQL, those whose heartbeat stopped.
     * @returns how many were marked.
     */
    recoverInterrupted(): Promise<number> {
      return interrupt(dialectOf(db) === 'sqlite' ? {} : { heartbeatBefore: staleBefore() });
    },

    settle,

    /**
     * Stops the running imports (each deletes what it staged and is marked interrupted) and waits
     * for them.
     */
    async close(): Promise<void> {
      for (const job of running.values()) job.abort.abort(new Stopped());
      await settle();
    },
  };
}

/**
 * The upload's format and a reader over it, read only as far as the first folder or bookmark (a
 * few bytes of a real export), so that the answer stays immediate and a file that is not a
 * bookmark file is refused right here.
 * The formats and their parsers (htmlparser2's tokenizer, encoding-sniffer, csv-parse) load with
 * the first upload, not with the server (docs/OPERATIONS.md, "Start time and memory").
 * @throws 422 for an empty file, a backup, a file in no known format, one holding no bookmarks
 *   and no folders, or one its format's reader cannot read (a damaged CSV file).
 */
async function openUpload(
  file: Upload,
): Promise<{ format: ImportFormat; reader: BookmarkFileReader }> {
  if (file.bytes.length === 0) throw unprocessable('The file is empty.');
  const { detectImportFormat, importFormats } = await import('./import-formats.ts');
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
        .map((known) => importFormatNames[known.id])
        .join(', ')}.`,
    );
  }
  const reader = format.open(input);
  while (!reader.hasContent() && !reader.read(READ_SLICE));
  if (!reader.hasContent()) {
    throw unprocessable(
      reader.entries > 0
        ? 'This bookmark file holds no web links (http or https) to import.'
        : 'This is not a bookmark file: it holds no bookmarks or folders. Export your bookmarks from the browser as HTML and upload that file.',
    );
  }
  return { format, reader };
}
