import type { Piscina } from 'piscina';

/*
 * Worker threads for work that would hold the thread answering requests, or whose memory should
 * not stay with the process (docs/OPERATIONS.md#start-time-and-memory). A Piscina pool, loaded and
 * started with the first task; each thread ends after `idleMs` without a task, and its heap and
 * modules go with it, so an idle server keeps none.
 */

/** A pool of threads running one module's default export on the tasks given to it. */
export interface ThreadPool<Task, Result> {
  /**
   * Runs `task` on a thread (started if none is free and the pool has room) and resolves to what
   * the module's default export returned. Tasks and results cross threads by structured clone.
   * @throws what the thread threw; an AbortError when `signal` is aborted first (a thread
   *   running the task ends).
   */
  run(task: Task, signal?: AbortSignal): Promise<Result>;
  /** Ends the threads, waiting for the tasks they run. */
  close(): Promise<void>;
}

/** Where a pool's threads load their module from, and how. */
export interface ThreadModule {
  filename: string;
  execArgv?: string[];
}

/**
 * The thread module `name` (without extension) beside the module at `besideUrl` (pass
 * `import.meta.url`): `name.ts` from source, `name.js` in the build, where scripts/build-server.ts
 * makes it an entry point beside the bundle. A TypeScript module runs through tsx (the server
 * under tsx and tests under vitest alike: a thread has a module loader of its own, which vitest's
 * transform does not reach); a process started with tsx passes it on to its threads itself.
 */
export function threadModule(name: string, besideUrl: string): ThreadModule {
  return threadModuleAt(
    new URL(`./${name}.${besideUrl.endsWith('.ts') ? 'ts' : 'js'}`, besideUrl).href,
  );
}

/** A thread module at `filename` (a path or file URL), run through tsx when it is TypeScript. */
export function threadModuleAt(filename: string): ThreadModule {
  if (!filename.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'))) {
    return { filename };
  }
  return { filename, execArgv: [...process.execArgv, '--import', 'tsx'] };
}

/**
 * A pool of at most `threads` threads running `module`, none until the first task.
 * @param options.idleMs a thread without a task for this long ends.
 * @param options.niceIncrement added to the threads' nice value (Linux; ignored elsewhere), so
 *   that the request thread goes first when the cores are busy.
 */
export function createThreadPool<Task, Result>(
  module: ThreadModule,
  options: { threads: number; idleMs: number; niceIncrement?: number },
): ThreadPool<Task, Result> {
  let pool: Promise<Piscina<Task, Result>> | undefined;
  const start = async () => {
    const { Piscina } = await import('piscina');
    return new Piscina<Task, Result>({
      ...module,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: options.idleMs,
      ...(options.niceIncrement !== undefined && { niceIncrement: options.niceIncrement }),
    });
  };
  return {
    async run(task, signal) {
      pool ??= start();
      return (await pool).run(task, signal ? { signal } : {});
    },
    async close() {
      if (pool) await (await pool).close();
    },
  };
}
