import type { Db } from '../../db/database.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import {
  deleteLoginAttempts,
  insertLoginAttempts,
  listLoginAttempts,
  pruneLoginAttempts,
} from './login-attempts.repository.ts';
import {
  backoffRetryAfterSeconds,
  LOGIN_WINDOW_MS,
  loginRetryAfterSeconds,
  tryAgainIn,
  type ThrottleKey,
} from './login-throttle.ts';

/**
 * Records one attempt at `now` under each of `keys` (login-throttle.ts), refused when a key's
 * rule says so for the attempts within the 15 minutes before: a `limit` key after 10 of them,
 * a `backoff` key until its delay after the latest one has passed. Recorded before the count,
 * so parallel attempts count too; a refused one is forgotten again. Attempts older than the
 * window are dropped on the way.
 * @returns the ids of the recorded attempts, for the caller to forget them if they succeed
 * @throws 429 `Too many {what}. Try again in …` with `Retry-After` (seconds)
 */
export async function recordAttempt(
  db: Db,
  now: Date,
  keys: readonly ThrottleKey[],
  what: string,
): Promise<number[]> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  await pruneLoginAttempts(db, since);
  const names = keys.map(({ key }) => key);
  const attemptIds = await insertLoginAttempts(db, names, now.toISOString());
  const earlier = (await listLoginAttempts(db, names, since)).filter(
    (attempt) => !attemptIds.includes(attempt.id),
  );
  const waits = keys.map(({ key, rule }) =>
    (rule === 'limit' ? loginRetryAfterSeconds : backoffRetryAfterSeconds)(
      earlier
        .filter((attempt) => attempt.throttle_key === key)
        .map((attempt) => Date.parse(attempt.created_at)),
      now.getTime(),
    ),
  );
  const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
  if (wait > 0) {
    await deleteLoginAttempts(db, attemptIds);
    throw tooManyRequests(`Too many ${what}. ${tryAgainIn(wait)}`, wait);
  }
  return attemptIds;
}

/**
 * Runs `guess` (a password check: a sign-in, or the current password confirming a change) as
 * one attempt under each of `keys` (`passwordGuessKeys`), so every way of trying a password
 * shares one limit. The attempt stays recorded only if `guess` resolves false.
 * @returns what `guess` resolved to
 * @throws 429 with `Retry-After` when a key has had too many recent failures (`guess` not run)
 */
export async function guessPassword(
  db: Db,
  now: Date,
  keys: readonly ThrottleKey[],
  guess: () => Promise<boolean>,
): Promise<boolean> {
  const attemptIds = await recordAttempt(db, now, keys, 'failed sign-ins');
  if (!(await guess())) return false;
  await deleteLoginAttempts(db, attemptIds);
  return true;
}
