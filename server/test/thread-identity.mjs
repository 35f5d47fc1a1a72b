import { isMainThread, threadId } from 'node:worker_threads';

/**
 * A pool thread's module for thread-pool.test.ts: answers a task with the thread it ran on.
 * @param {{ echo: string }} task
 */
export default function identify(task) {
  return { echo: task.echo, isMainThread, threadId };
}
