import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * WAL checkpoints off the request thread (docs/ARCHITECTURE.md, "Two databases"). In WAL mode
 * SQLite appends every committed page to the `-wal` file and, by default, the connection that
 * commits copies them back into the database file once the WAL holds 1,000 pages: a checkpoint,
 * with two fsyncs, run inside that commit. For an import of 100,000 bookmarks, whose short
 * transactions each touch pages all over the posts indexes, those checkpoints took about a third
 * of the time and stalled every other request behind them. Here a worker thread with a
 * connection of its own runs them instead (PASSIVE: it never waits for, nor blocks, readers or
 * the writer) whenever the writer has committed since its last one, at most every
 * CHECKPOINT_INTERVAL_MS. The writer keeps SQLite's own checkpoint for a far larger WAL
 * (BACKSTOP_PAGES), should the worker ever fall behind.
 */

/** The least time between two checkpoints: commits in between are copied back together. */
const CHECKPOINT_INTERVAL_MS = 200;

/** WAL pages after which the committing connection checkpoints itself (40 MiB of 4 KiB pages). */
export const BACKSTOP_PAGES = 10_000;

/** The worker's flag: nothing to do, a commit to copy back, or stop. */
const IDLE = 0;
const COMMITTED = 1;
const STOP = 2;

/**
 * The worker, as a CommonJS script (it runs from source under tsx and from the build alike):
 * waits on the shared flag; once it is COMMITTED, waits out the interval (commits meanwhile leave
 * it COMMITTED), sets it back to IDLE and runs a PASSIVE checkpoint; on STOP closes its connection
 * and ends.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const flag = new Int32Array(workerData.flag);
const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 5000');
for (;;) {
  Atomics.wait(flag, 0, ${IDLE});
  Atomics.wait(flag, 0, ${COMMITTED}, ${CHECKPOINT_INTERVAL_MS});
  if (Atomics.compareExchange(flag, 0, ${COMMITTED}, ${IDLE}) === ${STOP}) break;
  database.pragma('wal_checkpoint(PASSIVE)');
}
database.close();
`;

export interface WalCheckpointer {
  /** Tells the worker the writer committed: cheap (an atomic store), call after every write. */
  committed(): void;
  /** Stops the worker after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Starts the checkpoint worker of the SQLite database `file` (a WAL-mode file, not `:memory:`).
 * @param onFailure called if the worker fails (it could not open the file): the writer should
 *   then checkpoint as SQLite does by default.
 */
export function startWalCheckpointer(
  file: string,
  onFailure: (error: Error) => void,
): WalCheckpointer {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      flag: flag.buffer,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  // The process may end while the worker waits: it holds no work the process must wait for.
  worker.unref();
  worker.once('error', onFailure);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    committed() {
      if (Atomics.compareExchange(flag, 0, IDLE, COMMITTED) === IDLE) Atomics.notify(flag, 0);
    },
    async stop() {
      // Waited for: the process must not end before the worker has closed its connection.
      worker.ref();
      Atomics.store(flag, 0, STOP);
      Atomics.notify(flag, 0);
      await exited;
    },
  };
}
