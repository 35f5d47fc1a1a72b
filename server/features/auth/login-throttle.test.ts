import { describe, expect, it } from 'vitest';
import {
  accountThrottleKey,
  addressThrottleKey,
  backoffRetryAfterSeconds,
  LOGIN_WINDOW_MS,
  loginRetryAfterSeconds,
} from './login-throttle.ts';

const now = Date.parse('2026-01-15T10:00:00.000Z');
const minutesAgo = (minutes: number) => now - minutes * 60 * 1000;

describe('loginRetryAfterSeconds', () => {
  it('lets an attempt run while fewer than 10 failures lie within 15 minutes', () => {
    expect(loginRetryAfterSeconds([], now)).toBeNull();
    expect(
      loginRetryAfterSeconds(
        Array.from({ length: 9 }, () => minutesAgo(1)),
        now,
      ),
    ).toBeNull();
  });

  it('blocks the 11th attempt until the oldest of the last 10 failures leaves the window', () => {
    const failures = [14, 12, 10, 8, 6, 5, 4, 3, 2, 1].map(minutesAgo);
    expect(loginRetryAfterSeconds(failures, now)).toBe(60);
    expect(
      loginRetryAfterSeconds(
        Array.from({ length: 10 }, () => now),
        now,
      ),
    ).toBe(900);
  });

  it('with more than 10 failures, waits until only 9 are left, in any order given', () => {
    const failures = [1, 13, 2, 14, 3, 12, 4, 5, 6, 7, 8].map(minutesAgo);
    // 11 failures: the two oldest (14 and 13 minutes ago) must expire; the second goes in 2 minutes.
    expect(loginRetryAfterSeconds(failures, now)).toBe(120);
  });

  it('ignores failures older than the window and rounds up to at least a second', () => {
    const old = Array.from({ length: 20 }, () => now - LOGIN_WINDOW_MS);
    expect(loginRetryAfterSeconds(old, now)).toBeNull();
    const almostGone = Array.from({ length: 10 }, () => now - LOGIN_WINDOW_MS + 1);
    expect(loginRetryAfterSeconds(almostGone, now)).toBe(1);
  });

  it('takes a custom limit and window', () => {
    expect(loginRetryAfterSeconds([now - 1000], now, { limit: 1, windowMs: 10_000 })).toBe(9);
  });
});

describe('backoffRetryAfterSeconds', () => {
  const seconds = (n: number) => now - n * 1000;

  it('lets every attempt run below 10 failures within 15 minutes', () => {
    expect(
      backoffRetryAfterSeconds(
        Array.from({ length: 9 }, () => now),
        now,
      ),
    ).toBeNull();
    expect(
      backoffRetryAfterSeconds(
        Array.from({ length: 30 }, () => minutesAgo(15)),
        now,
      ),
    ).toBeNull();
  });

  it('waits 2 s after the latest of 10 failures, doubling with each one more, at most a minute', () => {
    const failures = (count: number) => Array.from({ length: count }, () => now);
    expect(backoffRetryAfterSeconds(failures(10), now)).toBe(2);
    expect(backoffRetryAfterSeconds(failures(11), now)).toBe(4);
    expect(backoffRetryAfterSeconds(failures(14), now)).toBe(32);
    expect(backoffRetryAfterSeconds(failures(15), now)).toBe(60);
    expect(backoffRetryAfterSeconds(failures(500), now)).toBe(60);
  });

  it('counts the wait from the latest failure, whatever the order', () => {
    const failures = [
      seconds(50),
      ...Array.from({ length: 13 }, () => minutesAgo(10)),
      seconds(20),
    ];
    // 15 failures: a minute after the latest, which was 20 s ago.
    expect(backoffRetryAfterSeconds(failures, now)).toBe(40);
    expect(backoffRetryAfterSeconds([...failures.slice(1, 14), seconds(61)], now)).toBeNull();
  });
});

describe('throttle keys', () => {
  it('hash a normalized email and an address, never keeping either', () => {
    expect(accountThrottleKey(' Ada@Example.com ')).toBe(accountThrottleKey('ada@example.com'));
    expect(accountThrottleKey('ada@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(accountThrottleKey('10.0.0.1')).not.toBe(addressThrottleKey('10.0.0.1'));
  });
});
