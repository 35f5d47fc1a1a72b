import type { Db } from '../../db/database.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import {
  deleteLoginAttempts,
  insertLoginAttempts,
  listLoginAttempts,
  pruneLoginAttempts,
} from './login-attempts.repository.ts';
import { LOGIN_WINDOW_MS, loginRetryAfterSeconds, tryAgainIn } from './login-throttle.ts';

/**
 * Runs `guess` (a password check: a sign-in, or the old password of a password change) as one
 * attempt under each of `keys` (login-throttle.ts), so every way of trying a password shares
 * one limit (issue "accounts": 10 failures within 15 minutes). The attempt is recorded before
 * the check, so parallel guesses count too; it stays recorded only if `guess` resolves false.
 * @returns what `guess` resolved to
 * @throws 429 with `Retry-After` when a key has had too many recent failures (`guess` not run)
 */
export async function guessPassword(
  db: Db,
  now: Date,
  keys: readonly string[],
  guess: () => Promise<boolean>,
): Promise<boolean> {
  const attemptIds = await insertLoginAttempts(db, keys, now.toISOString());
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const others = (await listLoginAttempts(db, keys, since)).filter(
    (attempt) => !attemptIds.includes(attempt.id),
  );
  const waits = keys.map((key) =>
    loginRetryAfterSeconds(
      others
        .filter((attempt) => attempt.throttle_key === key)
        .map((attempt) => Date.parse(attempt.created_at)),
      now.getTime(),
    ),
  );
  const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
  if (wait > 0) {
    await deleteLoginAttempts(db, attemptIds);
    throw tooManyRequests(`Too many failed sign-ins. ${tryAgainIn(wait)}`, wait);
  }
  if (!(await guess())) {
    await pruneLoginAttempts(db, since);
    return false;
  }
  await deleteLoginAttempts(db, attemptIds);
  return true;
}
