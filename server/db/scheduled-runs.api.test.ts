import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { claimScheduledRun } from './scheduled-runs.ts';

/*
 * Jobs that run once across all processes on one database (docs/OPERATIONS.md#scaling-out):
 * the claims of several processes are claims on the same database, made at once here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 60 * 60 * 1000;

/** Claims the round of `name` from `processes` callers at once. @returns how many won */
async function claimsWon(name: string, processes: number): Promise<number> {
  const claims = await Promise.all(
    Array.from({ length: processes }, () => claimScheduledRun(t.db, name, HOUR_MS, t.clock())),
  );
  return claims.filter(Boolean).length;
}

describe('claimScheduledRun', () => {
  it('gives each round to one of several processes asking at once', async () => {
    expect(await claimsWon('job-a', 8)).toBe(1);
    // Not due again within the hour.
    t.clock.advance(HOUR_MS - 1);
    expect(await claimsWon('job-a', 8)).toBe(0);
    // Due an hour after the round was claimed, again for one.
    t.clock.advance(1);
    expect(await claimsWon('job-a', 8)).toBe(1);
    t.clock.advance(3 * HOUR_MS);
    expect(await claimsWon('job-a', 8)).toBe(1);
    expect(await claimsWon('job-a', 8)).toBe(0);
  });

  it('keeps the rounds of different jobs apart', async () => {
    expect(await claimScheduledRun(t.db, 'job-b', HOUR_MS, t.clock())).toBe(true);
    expect(await claimScheduledRun(t.db, 'job-c', HOUR_MS, t.clock())).toBe(true);
    expect(await claimScheduledRun(t.db, 'job-b', HOUR_MS, t.clock())).toBe(false);
    // A shorter interval is due sooner.
    t.clock.advance(60_000);
    expect(await claimScheduledRun(t.db, 'job-b', 60_000, t.clock())).toBe(true);
    expect(await claimScheduledRun(t.db, 'job-c', HOUR_MS, t.clock())).toBe(false);
  });
});
