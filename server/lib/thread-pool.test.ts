import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadPool, threadModule, threadModuleAt, type ThreadPool } from './thread-pool.ts';

interface Identity {
  echo: string;
  isMainThread: boolean;
  threadId: number;
}

const IDENTITY = new URL('../test/thread-identity.mjs', import.meta.url).href;

describe('createThreadPool', () => {
  let pool: ThreadPool<{ echo: string }, Identity> | undefined;
  afterEach(() => pool?.close());

  it("runs the module's default export on another thread and answers what it returned", async () => {
    pool = createThreadPool(threadModuleAt(IDENTITY), { threads: 1, idleMs: 60_000 });
    const answer = await pool.run({ echo: 'hello' });
    expect(isMainThread).toBe(true);
    expect(answer).toMatchObject({ echo: 'hello', isMainThread: false });
    // The thread is kept while tasks come within idleMs.
    expect((await pool.run({ echo: 'again' })).threadId).toBe(answer.threadId);
  });

  it('ends a thread after idleMs without a task: the next task starts another', async () => {
    pool = createThreadPool(threadModuleAt(IDENTITY), { threads: 1, idleMs: 20 });
    const first = await pool.run({ echo: 'first' });
    // The pool's idle timer was set when the answer came, before this wait's, and is shorter.
    await sleep(200);
    const second = await pool.run({ echo: 'second' });
    expect(second.isMainThread).toBe(false);
    expect(second.threadId).not.toBe(first.threadId);
  });

  it('refuses a task whose signal is aborted', async () => {
    pool = createThreadPool(threadModuleAt(IDENTITY), { threads: 1, idleMs: 60_000 });
    const abort = new AbortController();
    abort.abort(new Error('no longer needed'));
    await expect(pool.run({ echo: 'late' }, abort.signal)).rejects.toThrow(/abort/i);
  });
});

describe('threadModule', () => {
  it('names the module beside the caller: .ts from source (through tsx), .js in the build', () => {
    const fromSource = threadModule('worker', 'file:///app/server/lib/pool.ts');
    expect(fromSource.filename).toBe('file:///app/server/lib/worker.ts');
    expect(fromSource.execArgv).toContain('tsx');
    expect(threadModule('worker', 'file:///app/dist/server/main.js')).toEqual({
      filename: 'file:///app/dist/server/worker.js',
    });
  });
});
