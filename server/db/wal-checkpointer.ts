import type SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * WAL checkpoints of bulk writes off the request thread (docs/ARCHITECTURE.md, "SQLite:
 * checkpoints off the request thread"). In WAL mode SQLite appends every committed page to the
 * `-wal` file and, by default, the connection that commits copies them back into the database
 * file once the WAL holds 1,000 pages: a checkpoint, with two fsyncs, run inside that commit.
 * For an import of 100,000 bookmarks, whose short transactions each touch pages all over the
 * posts indexes, those checkpoints took about a third of the time and stalled every other
 * request behind them. So while bulk writes go on, a worker thread with a connection of its own
 * runs them instead (PASSIVE: it never waits for, nor blocks, readers or the writer) whenever
 * the writer has committed since its last one, at most every CHECKPOINT_INTERVAL_MS; the writer
 * then checkpoints itself only past BACKSTOP_PAGES, should the worker fall behind. The worker
 * ends once no commit came for RETIRE_AFTER_MS, and the writer checkpoints as SQLite does by
 * default again: an idle server keeps no second thread (about 9 MB).
 */

/** The least time between two checkpoints: commits in between are copied back together. */
const CHECKPOINT_INTERVAL_MS = 200;

/** How long the worker waits for a commit before it ends. */
const RETIRE_AFTER_MS = 5000;

/** WAL pages after which the committing connection checkpoints itself while the worker runs. */
export const BACKSTOP_PAGES = 10_000;

/** SQLite's own `wal_autocheckpoint`, in pages: the writer's while no worker runs. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** The worker's flag: nothing to do, a commit to copy back, stop, or ended for want of work. */
const IDLE = 0;
const COMMITTED = 1;
const STOP = 2;
const RETIRED = 3;

/**
 * The worker, as a CommonJS script (it runs from source under tsx and from the build alike):
 * waits on the shared flag; once it is COMMITTED, waits out the interval (commits meanwhile leave
 * it COMMITTED), sets it back to IDLE and runs a PASSIVE checkpoint. On STOP, or after
 * RETIRE_AFTER_MS of IDLE (then marked RETIRED), closes its connection and ends.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const flag = new Int32Array(workerData.flag);
const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 5000');
for (;;) {
  if (
    Atomics.wait(flag, 0, ${IDLE}, ${RETIRE_AFTER_MS}) === 'timed-out' &&
    Atomics.compareExchange(flag, 0, ${IDLE}, ${RETIRED}) === ${IDLE}
  ) break;
  Atomics.wait(flag, 0, ${COMMITTED}, ${CHECKPOINT_INTERVAL_MS});
  if (Atomics.compareExchange(flag, 0, ${COMMITTED}, ${IDLE}) === ${STOP}) break;
  database.pragma('wal_checkpoint(PASSIVE)');
}
database.close();
`;

export interface WalCheckpointer {
  /** Bulk writes are under way (imports): starts the worker unless it runs. */
  bulkWrites(): void;
  /** Tells the worker, if it runs, that the writer committed: cheap (an atomic store). */
  committed(): void;
  /** Stops the worker, if it runs, and waits until it has closed its connection. */
  stop(): Promise<void>;
}

/** The checkpointer of the SQLite database `file` (WAL mode, not `:memory:`) and its `writer`. */
export function createWalCheckpointer(file: string, writer: SQLite.Database): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let running: { flag: Int32Array; worker: Worker; exited: Promise<void> } | undefined;

  function start() {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, COMMITTED);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, flag: flag.buffer, driver },
    });
    // Between checkpoints it holds no work the process must wait for.
    worker.unref();
    writer.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        // Ended (or failed to open the file): the writer checkpoints by itself again, unless a
        // new worker has taken over meanwhile.
        if (running?.worker === worker) {
          running = undefined;
          if (writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        }
        resolve();
      }),
    );
    // A failure ends the worker; its exit above puts the writer's checkpoints back.
    worker.on('error', () => {});
    running = { flag, worker, exited };
  }

  return {
    bulkWrites() {
      if (running === undefined || Atomics.load(running.flag, 0) === RETIRED) start();
    },
    committed() {
      if (running && Atomics.compareExchange(running.flag, 0, IDLE, COMMITTED) === IDLE) {
        Atomics.notify(running.flag, 0);
      }
    },
    async stop() {
      if (running === undefined) return;
      const { flag, worker, exited } = running;
      // Waited for: the process must not end before the worker has closed its connection.
      worker.ref();
      Atomics.store(flag, 0, STOP);
      Atomics.notify(flag, 0);
      await exited;
    },
  };
}
