import type { User } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import { randomId } from '../../lib/random-token.ts';
import { findUser, findUserByEmail } from '../users/users.repository.ts';
import { toUser } from '../users/users.presenter.ts';
import {
  ACCESS_TOKEN_MINUTES,
  accessTokenKey,
  readAccessToken,
  signAccessToken,
} from './access-tokens.ts';
import { clearLoginAttempts } from './login-attempts.repository.ts';
import { accountThrottleKey, addressThrottleKey } from './login-throttle.ts';
import { guessPassword } from './attempt-limit.ts';
import { verifyPassword } from './passwords.ts';
import {
  endSession,
  findLiveSession,
  insertSession,
  rotateSessionToken,
} from './sessions.repository.ts';

/** A session may be refreshed for 14 days after sign-in (SPEC §9: auth cookie 14 days). */
export const SESSION_DAYS = 14;

export interface IssuedToken {
  token: { access_token: string; token_type: 'Bearer'; expire: number };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sessions and access tokens (SPEC §7 auth calls; DESIGN.md, sessions). */
export function createAuthService({
  db,
  clock,
  jwtSecret,
}: {
  db: Db;
  clock: Clock;
  jwtSecret: string;
}) {
  const key = accessTokenKey(jwtSecret);

  async function issue(userId: number, sessionId: string, tokenId: string): Promise<IssuedToken> {
    const accessToken = await signAccessToken({ userId, sessionId, tokenId }, await key, clock());
    return {
      token: { access_token: accessToken, token_type: 'Bearer', expire: ACCESS_TOKEN_MINUTES },
    };
  }

  /** The session behind a token, if the token is its current one and the session is live. */
  async function liveSessionOf(token: string, allowExpired: boolean) {
    const now = clock();
    const claims = await readAccessToken(token, await key, now, { allowExpired });
    if (!claims) return null;
    const session = await findLiveSession(db, claims.sessionId);
    if (!session || session.tokenId !== claims.tokenId || session.userId !== claims.userId) {
      return null;
    }
    if (session.expiresAt <= now.toISOString()) return null;
    return session;
  }

  return {
    /**
     * Starts a session. The same 401 for an unknown email and a wrong password. Each attempt is
     * recorded before the password is checked, so parallel guesses count too; it stays recorded
     * only if it fails. After 10 failures within 15 minutes for the email or for the client
     * `address`, attempts get a 429 whose `Retry-After` says when one may run again.
     * @throws 401 'Invalid login credentials'; 429 too many failures
     */
    async login(email: string, password: string, address: string): Promise<IssuedToken> {
      const now = clock();
      const keys = [accountThrottleKey(email), addressThrottleKey(address)];
      const user = await findUserByEmail(db, email);
      const valid = await guessPassword(db, now, keys, () =>
        verifyPassword(user?.password_hash, password),
      );
      if (!user || !valid) throw unauthenticated('Invalid login credentials');
      await clearLoginAttempts(db, accountThrottleKey(email));
      const sessionId = randomId();
      const tokenId = randomId();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000);
      await insertSession(db, {
        id: sessionId,
        userId: user.id,
        tokenId,
        now: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return issue(user.id, sessionId, tokenId);
    },
    /**
     * A new access token for the session of `token`, which may have expired; `token` stops
     * working at once. @throws 401 when the session ended, is older than 14 days, or the token
     * was already exchanged.
     */
    async refresh(token: string | null): Promise<IssuedToken> {
      const session = token ? await liveSessionOf(token, true) : null;
      const tokenId = randomId();
      if (!session || !(await rotateSessionToken(db, session.id, session.tokenId, tokenId))) {
        throw unauthenticated('Your session has ended. Please sign in again.');
      }
      return issue(session.userId, session.id, tokenId);
    },

    /** The actor of a valid, unexpired access token of a live session; null otherwise. */
    async authenticate(token: string): Promise<UserActor | null> {
      const session = await liveSessionOf(token, false);
      return (
        session && {
          kind: 'user',
          userId: session.userId,
          sessionId: session.id,
          permission: session.permission,
        }
      );
    },

    async logout(actor: UserActor): Promise<void> {
      await endSession(db, actor.sessionId, clock().toISOString());
    },

    async me(actor: UserActor): Promise<User> {
      const user = await findUser(db, actor.userId);
      if (!user) throw notFound('User');
      return toUser(user);
    },
  };
}
