import { sha256Hex } from '../../lib/digest.ts';
import { normalizeEmail } from '../users/user-accounts.ts';

/**
 * At most this many failed sign-ins per client address (then that address waits until the
 * oldest leaves the window); from this many failures of one account, counted from anywhere,
 * the account's attempts are slowed down (ACCOUNT_MAX_DELAY_MS)…
 */
const LOGIN_FAILURE_LIMIT = 10;
/** …within this sliding window (milliseconds). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * The longest an account's next attempt waits after its latest failure. Failures of an account
 * come from anywhere, so they slow guessing (to one a minute at most) but never lock its owner
 * out: whoever comes after the wait has the next try.
 */
const ACCOUNT_MAX_DELAY_MS = 60 * 1000;

/**
 * One counter of attempts: `limit` refuses after LOGIN_FAILURE_LIMIT failures in the window
 * (a client address, or a reset requester); `backoff` only spaces attempts out (an account).
 */
export interface ThrottleKey {
  key: string;
  rule: 'limit' | 'backoff';
}

/**
 * The key of an account: the email as typed, normalized, so an unknown email is limited exactly
 * like a known one and the limit reveals nothing. Keys are hashes, so the table keeps neither
 * emails nor addresses.
 */
export function accountThrottleKey(email: string): string {
  return sha256Hex(`account:${normalizeEmail(email)}`);
}

/** The counters of a password guess at the account of `email` from client `address`. */
export function passwordGuessKeys(email: string, address: string): ThrottleKey[] {
  return [
    { key: accountThrottleKey(email), rule: 'backoff' },
    { key: addressThrottleKey(address), rule: 'limit' },
  ];
}

/** The key of a client address (`request.ip`). */
export function addressThrottleKey(address: string): string {
  return sha256Hex(`address:${address}`);
}

/** The key of the password reset requests of a client address (`request.ip`). */
export function forgotThrottleKey(address: string): string {
  return sha256Hex(`forgot:${address}`);
}

/** "Try again in …" for a wait of `seconds`, in whole minutes. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/**
 * Whether one more attempt may run, given the instants (ms) of the failures under one key that
 * happened within the window before `now`: null when it may, else the whole seconds until it
 * may (for `Retry-After`), i.e. until enough of the oldest failures have left the window.
 */
export function loginRetryAfterSeconds(
  failures: readonly number[],
  now: number,
  { limit = LOGIN_FAILURE_LIMIT, windowMs = LOGIN_WINDOW_MS } = {},
): number | null {
  const recent = failures.filter((at) => at > now - windowMs).sort((a, b) => a - b);
  if (recent.length < limit) return null;
  // Allowed again once only limit - 1 failures remain: the (n - limit + 1)-th oldest has expired.
  const freedAt = recent[recent.length - limit]! + windowMs;
  return Math.max(1, Math.ceil((freedAt - now) / 1000));
}

/**
 * The `backoff` rule: given the instants (ms) of an account's failures, null when one more
 * attempt may run at `now`, else the whole seconds to wait. Below `limit` failures within the
 * window nothing waits; from then on each attempt waits after the latest failure 2 s, 4 s, 8 s…
 * doubling with each further failure, at most `maxDelayMs`.
 */
export function backoffRetryAfterSeconds(
  failures: readonly number[],
  now: number,
  {
    limit = LOGIN_FAILURE_LIMIT,
    windowMs = LOGIN_WINDOW_MS,
    maxDelayMs = ACCOUNT_MAX_DELAY_MS,
  } = {},
): number | null {
  const recent = failures.filter((at) => at > now - windowMs);
  if (recent.length < limit) return null;
  const delayMs = Math.min(maxDelayMs, 1000 * 2 ** (recent.length - limit + 1));
  const freedAt = Math.max(...recent) + delayMs;
  return freedAt > now ? Math.ceil((freedAt - now) / 1000) : null;
}
