import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest a slice of background work waits for requests in flight before it goes on, in ms. */
export const GIVE_WAY_MAX_MS = 25;

/** Requests of this process being answered (`requestStarted`). */
let inFlight = 0;
/** Slices of background work waiting for them (`giveWay`). */
const waiting = new Set<() => void>();

/**
 * Counts a request of this process as in flight until the returned function is called (once,
 * when its response is finished or its connection closed). Every HTTP request is counted
 * (`http/foreground.ts`), so background work gives way to all of them.
 */
export function requestStarted(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    if (inFlight > 0) return;
    for (const resume of waiting) resume();
  };
}

/**
 * The pause of background work that runs on the request thread in slices (an import's batches
 * and reading, the link preview queue's walk) between two slices (docs/ARCHITECTURE.md#give-way):
 * a turn of the event loop, then, while requests are in flight, a wait until none is, of at most
 * GIVE_WAY_MAX_MS. A request that needs several turns (a query, then a file, then the reply)
 * then waits for at most one slice, not one per turn; under a steady stream of requests the work
 * still goes on, a slice at least every GIVE_WAY_MAX_MS.
 * @param options.maxWaitMs the longest wait, in ms (default GIVE_WAY_MAX_MS)
 */
export async function giveWay({ maxWaitMs = GIVE_WAY_MAX_MS } = {}): Promise<void> {
  await nextTurn();
  if (inFlight === 0) return;
  await new Promise<void>((resolve) => {
    const resume = () => {
      clearTimeout(timer);
      waiting.delete(resume);
      resolve();
    };
    const timer = setTimeout(resume, maxWaitMs);
    waiting.add(resume);
  });
}
