import { createHash } from 'node:crypto';
import { normalizeEmail } from '../users/users.repository.ts';

/** At most this many failed sign-ins per account and per client address… */
export const LOGIN_FAILURE_LIMIT = 10;
/** …within this sliding window (milliseconds). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The key of an account: the email as typed, normalized, so an unknown email is limited exactly
 * like a known one and the limit reveals nothing. Keys are hashes, so the table keeps neither
 * emails nor addresses.
 */
export function accountThrottleKey(email: string): string {
  return sha256(`account:${normalizeEmail(email)}`);
}

/** The key of a client address (`request.ip`). */
export function addressThrottleKey(address: string): string {
  return sha256(`address:${address}`);
}

/** The key of the password reset requests of a client address (`request.ip`). */
export function forgotThrottleKey(address: string): string {
  return sha256(`forgot:${address}`);
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
