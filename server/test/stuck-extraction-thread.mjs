/**
 * TEST ONLY: a stand-in for extraction-thread.ts (extraction-pool.test.ts). A page whose URL
 * contains "stuck" is never read: the thread waits forever, as one stuck in a hostile page would;
 * any other answers at once that it has no readable content. Plain JavaScript, so its threads
 * start without a TypeScript loader.
 */
export default function extractPage(task) {
  if (task.pageUrl.includes('stuck')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  return { kind: 'failure', reason: 'no_readable_content' };
}
