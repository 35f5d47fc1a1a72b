import { describe, expect, it } from 'vitest';
import { readsAfterCall } from './committed-version.ts';

/** A read whose answers the test gives one by one, in the order the reads started. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  return {
    started: () => pending.length,
    read: () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    answer: (index: number, value: number) => pending[index]!.resolve(value),
    fail: (index: number, error: Error) => pending[index]!.reject(error),
  };
}

/** Lets the reads waiting on an answer go on. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reads after the call', () => {
  it('answers calls made at once with one read', async () => {
    const reads = controlledRead();
    const version = readsAfterCall(reads.read);
    const calls = [version(), version(), version()];
    await settle();
    expect(reads.started()).toBe(1);
    reads.answer(0, 7);
    expect(await Promise.all(calls)).toEqual([7, 7, 7]);
  });

  it('answers a call made while a read is on its way with the next read, shared', async () => {
    const reads = controlledRead();
    const version = readsAfterCall(reads.read);
    const first = version();
    await settle();
    const later = [version(), version()];
    await settle();
    // At most one read in flight: the later calls wait for the first to end.
    expect(reads.started()).toBe(1);
    reads.answer(0, 1);
    expect(await first).toBe(1);
    await settle();
    expect(reads.started()).toBe(2);
    reads.answer(1, 2);
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('fails the calls that shared a failed read, and reads again on the next call', async () => {
    const reads = controlledRead();
    const version = readsAfterCall(reads.read);
    const failing = [version(), version()];
    const waiting = expect(Promise.all(failing)).rejects.toThrow('connection lost');
    await settle();
    const after = version();
    await settle();
    reads.fail(0, new Error('connection lost'));
    await waiting;
    await settle();
    expect(reads.started()).toBe(2);
    reads.answer(1, 3);
    expect(await after).toBe(3);
    const again = version();
    await settle();
    expect(reads.started()).toBe(3);
    reads.answer(2, 4);
    expect(await again).toBe(4);
  });
});
