import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomId } from '../../lib/random-token.ts';
import { findUserByEmail, updateUserPassword } from '../users/user-accounts.ts';
import { recordAttempt } from './attempt-limit.ts';
import { clearLoginAttempts } from './login-attempts.repository.ts';
import { accountThrottleKey, forgotThrottleKey } from './login-throttle.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import {
  consumePasswordReset,
  findPasswordReset,
  replacePasswordReset,
} from './password-resets.repository.ts';
import { endOtherSessions } from './session-revocation.ts';

/** A reset link works once, for this many minutes (PRODUCT.md#sign-in-screens). */
const RESET_TOKEN_MINUTES = 60;

/** A second request within this time mails nothing new, so nobody can flood an inbox. */
const RESEND_AFTER_MS = 60 * 1000;

/** The one answer to every forgot request, whether or not the account exists. */
const FORGOT_MESSAGE =
  'If an account uses this email address, a link to reset its password is on its way. The link works once, within 60 minutes.';

const RESET_MESSAGE = 'Your password has been reset.';

const INVALID_TOKEN =
  'This password reset link is invalid or has expired. Request a new one and use the newest mail.';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

function resetMail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Nestmark password',
    text: [
      'You are receiving this email because we received a password reset request for your Nestmark account.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link expires in ${RESET_TOKEN_MINUTES} minutes and works once.`,
      'If you did not request a password reset, no further action is required.',
    ].join('\n'),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * Forgot and reset password (PRODUCT.md#sign-in-screens: the same answer for every email;
 * API.md). The mailed token is 32 random bytes; only its SHA-256 is stored, one per user.
 */
export function createPasswordResetService({
  db,
  clock,
  mailer,
  appUrl,
  log,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Public origin the mailed link points to (`APP_URL`). */
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const pending = new Set<Promise<void>>();

  /** Looks the email up and mails a link if it has an account and none went out just now. */
  async function issue(email: string): Promise<void> {
    const now = clock();
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomId(32);
    const stored = await replacePasswordReset(db, {
      userId: user.id,
      tokenHash: sha256(token).toString('hex'),
      now: now.toISOString(),
      unlessAfter: new Date(now.getTime() - RESEND_AFTER_MS).toISOString(),
    });
    if (!stored) return;
    const query = new URLSearchParams({ email: user.email, token });
    await mailer.send(resetMail(user.email, `${appUrl}/reset?${query}`));
  }

  return {
    /**
     * Answers at once, the same for every email; only then, in the background, looks the email
     * up and mails a reset link to its account (unless one went out less than a minute ago). So
     * neither the answer nor its timing depends on the account or the mail server; failures
     * are logged. A client `address` makes at most 10 requests within 15 minutes, whatever
     * the emails.
     * @throws 429 with `Retry-After` beyond that
     */
    async requestReset(email: string, address: string): Promise<{ message: string }> {
      await recordAttempt(
        db,
        clock(),
        [{ key: forgotThrottleKey(address), rule: 'limit' }],
        'password reset requests',
      );
      const work = issue(email)
        .catch((error: unknown) => log.error({ err: error }, 'mailing a password reset failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return { message: FORGOT_MESSAGE };
    },

    /**
     * Sets `password` if `token` is the user's outstanding, unexpired reset token, then forgets
     * the token, ends every session of the user and clears their failed sign-ins.
     * @throws 400 with `fields.token` for an unknown email, a wrong, used or expired token;
     * with `fields.password` for a password easy to guess (checked only for a valid token, and
     * the token stays usable)
     */
    async reset(email: string, token: string, password: string): Promise<{ message: string }> {
      const now = clock();
      const user = await findUserByEmail(db, email);
      const reset = user && (await findPasswordReset(db, user.id));
      const expired =
        !reset || now.getTime() - Date.parse(reset.created_at) >= RESET_TOKEN_MINUTES * 60 * 1000;
      const matches =
        !expired && timingSafeEqual(sha256(token), Buffer.from(reset.token_hash, 'hex'));
      if (!user || !reset || !matches) {
        throw badRequest(INVALID_TOKEN, { token: [INVALID_TOKEN] });
      }
      await assertStrongPassword(password, 'password', [user.name, user.email]);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await consumePasswordReset(trx, user.id, reset.token_hash))) {
          throw badRequest(INVALID_TOKEN, { token: [INVALID_TOKEN] });
        }
        await updateUserPassword(trx, user.id, passwordHash, now.toISOString());
        await endOtherSessions(trx, user.id, null, now.toISOString());
        await clearLoginAttempts(trx, accountThrottleKey(email));
      });
      return { message: RESET_MESSAGE };
    },

    /** Resolves once every reset request in flight has mailed or failed (for shutdown). */
    async settle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
