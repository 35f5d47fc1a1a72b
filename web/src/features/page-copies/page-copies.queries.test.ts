import { describe, expect, it } from 'vitest';
import { COPY_POLL_LIMIT_MS, copyPollDelay, snapshotPath } from './page-copies.queries.ts';

describe('copyPollDelay', () => {
  it('reads a queued copy every 2 s for half a minute, then every 10 s', () => {
    expect(copyPollDelay(0)).toBe(2_000);
    expect(copyPollDelay(29_999)).toBe(2_000);
    expect(copyPollDelay(30_000)).toBe(10_000);
    expect(copyPollDelay(COPY_POLL_LIMIT_MS - 1)).toBe(10_000);
  });

  it('stops after ten minutes', () => {
    expect(COPY_POLL_LIMIT_MS).toBe(600_000);
    expect(copyPollDelay(COPY_POLL_LIMIT_MS)).toBe(false);
  });
});

describe('snapshotPath', () => {
  it('is the snapshot route, with a share token in the query when there is one', () => {
    expect(snapshotPath(12)).toBe('/api/posts/12/copy/snapshot');
    expect(snapshotPath(12, 'a b&c')).toBe('/api/posts/12/copy/snapshot?token=a+b%26c');
  });
});
