import { createThreadPool, threadModule, threadModuleAt } from '../../lib/thread-pool.ts';
import type { Extraction, ExtractionTask } from './extraction-thread.ts';

/*
 * Page copies read their pages on worker threads (docs/ARCHITECTURE.md, "Page copies, after the
 * preview"): Readability, the sanitiser and parse5 over an article of a few hundred kilobytes, or
 * pdf.js over a PDF of up to 20 MB, hold a thread for tens of milliseconds to seconds, and on the
 * thread that answers requests every request waited for them. A Piscina pool runs
 * extraction-thread.ts instead: at most one thread per copy made at once, started with the first
 * copy and ended after IDLE_MS without one (an idle server keeps none: each holds its own heap and
 * modules, tens of megabytes), at a lower priority than the request thread, and a reading that
 * takes longer than its time limit ends with its thread.
 */

/**
 * How long one page may take to be read before its copy fails as 'timeout'. Far longer than a
 * page takes (a 1 MB article about 0.4 s, a 20 MB PDF a few seconds), and, with the fetch's 10 s,
 * within the copy's lease (page-copy-worker.ts, COPY_LEASE_MS).
 */
export const EXTRACTION_TIME_LIMIT_MS = 60_000;

/** A thread without a page to read for this long ends. */
const IDLE_MS = 30_000;

/**
 * Added to the threads' nice value (Linux; ignored elsewhere): the request thread goes first
 * when the cores are busy.
 */
const NICE_INCREMENT = 10;

export interface ExtractionPool {
  /**
   * Reads a fetched page on a pool thread (extraction-thread.ts). A reading over the time limit
   * is stopped (its thread ends) and fails as 'timeout'. @throws what the thread throws
   */
  extract(task: ExtractionTask): Promise<Extraction>;
  /** Ends the threads, waiting for the pages they are reading. */
  close(): Promise<void>;
}

/**
 * The pool of `threads` threads (COPIES_CONCURRENCY: one per copy made at once). Piscina is loaded
 * and the threads started with the first page (OPERATIONS.md#start-time-and-memory).
 * @param options.timeLimitMs default EXTRACTION_TIME_LIMIT_MS
 * @param options.filename the thread's module; default extraction-thread.ts (tests give another)
 */
export function createExtractionPool(options: {
  threads: number;
  timeLimitMs?: number;
  filename?: string;
}): ExtractionPool {
  const pool = createThreadPool<ExtractionTask, Extraction>(
    options.filename
      ? threadModuleAt(options.filename)
      : threadModule('extraction-thread', import.meta.url),
    { threads: options.threads, idleMs: IDLE_MS, niceIncrement: NICE_INCREMENT },
  );
  return {
    async extract(task) {
      const signal = AbortSignal.timeout(options.timeLimitMs ?? EXTRACTION_TIME_LIMIT_MS);
      try {
        return await pool.run(task, signal);
      } catch (error) {
        if (signal.aborted) return { kind: 'failure', reason: 'timeout' };
        throw error;
      }
    },
    close: () => pool.close(),
  };
}
