import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `steps` (a generator that yields between slices of long synchronous work) to its end,
 * giving the event loop a turn after each slice, so that other requests are served meanwhile.
 * @returns the generator's return value.
 * @throws `signal`'s reason once it is aborted (checked after each turn), or what `steps` throws.
 */
export async function inTurns<T>(steps: Generator<unknown, T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
    signal?.throwIfAborted();
  }
}
