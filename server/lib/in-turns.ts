import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `steps` (a generator that yields between slices of long synchronous work) to its end,
 * pausing after each slice with `pause` (default: a turn of the event loop; background work
 * passes `giveWay`), so that other requests are served meanwhile.
 * @returns the generator's return value.
 * @throws `signal`'s reason once it is aborted (checked after each pause), or what `steps` throws.
 */
export async function inTurns<T>(
  steps: Generator<unknown, T>,
  {
    signal,
    pause = () => nextTurn(),
  }: { signal?: AbortSignal; pause?: () => Promise<unknown> } = {},
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
    signal?.throwIfAborted();
  }
}
