import type { User } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import { randomId } from '../../lib/random-token.ts';
import { findUser, findUserByEmail } from '../users/user-accounts.ts';
import { toUser } from '../users/users.presenter.ts';
import {
  ACCESS_TOKEN_MINUTES,
  accessTokenKey,
  readAccessToken,
  signAccessToken,
} from './access-tokens.ts';
import { clearLoginAttempts } from './login-attempts.repository.ts';
import { accountThrottleKey, passwordGuessKeys } from './login-throttle.ts';
import { guessPassword } from './attempt-limit.ts';
import { verifyPassword } from './passwords.ts';
import {
  endSession,
  findLiveSession,
  insertSession,
  type LiveSession,
  rotateSessionToken,
} from './sessions.repository.ts';

/**
 * A session may be refreshed for 14 days after sign-in (PRODUCT.md#limits: auth cookie 14 days).
 */
const SESSION_DAYS = 14;

/**
 * The token a refresh just replaced may come back this long after (seconds) without ending the
 * session: two tabs of one browser refreshing the same expired token at once. It gets a 401 all
 * the same; any later or older token of the session is reuse.
 */
const REFRESH_RACE_SECONDS = 30;

export interface IssuedToken {
  token: { access_token: string; token_type: 'Bearer'; expire: number };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sessions and access tokens (API.md; ARCHITECTURE.md#sessions). */
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

  /**
   * The live session behind an authentic token and whether the token is its current one;
   * null for a forged or malformed token, or an ended or too old session.
   */
  async function sessionOf(token: string, allowExpired: boolean) {
    const now = clock();
    const claims = await readAccessToken(token, await key, now, { allowExpired });
    if (!claims) return null;
    const session = await findLiveSession(db, claims.sessionId);
    if (!session || session.userId !== claims.userId) return null;
    if (session.expiresAt <= now.toISOString()) return null;
    return { session, claims, current: session.tokenId === claims.tokenId };
  }

  /** The session behind a token, if the token is its current one and the session is live. */
  async function liveSessionOf(token: string, allowExpired: boolean) {
    const found = await sessionOf(token, allowExpired);
    return found?.current ? found.session : null;
  }

  /**
   * Whether a replaced token of the session is back: our signature proves the server issued it
   * for this session, so someone kept a copy (ARCHITECTURE.md#sessions: the old token dies at
   * once). The token replaced within the last REFRESH_RACE_SECONDS is a second tab, not a thief.
   */
  function isReuse(session: LiveSession, tokenId: string, now: Date): boolean {
    const justReplaced =
      tokenId === session.previousTokenId &&
      session.rotatedAt !== null &&
      now.getTime() - Date.parse(session.rotatedAt) < REFRESH_RACE_SECONDS * 1000;
    return !justReplaced;
  }

  return {
    /**
     * Starts a session. The same 401 for an unknown email and a wrong password. Each attempt is
     * recorded before the password is checked, so parallel guesses count too; it stays recorded
     * only if it fails. After 10 failures within 15 minutes from the client `address`, its
     * attempts get a 429 until the oldest has left the window; after 10 failures of the email
     * from anywhere, attempts get a 429 for a while after each further failure (2 s, doubling,
     * at most a minute), so guessing slows down but the owner is never locked out. `Retry-After`
     * says when one may run again.
     * @throws 401 'Invalid login credentials'; 429 too many failures
     */
    async login(email: string, password: string, address: string): Promise<IssuedToken> {
      const now = clock();
      const user = await findUserByEmail(db, email);
      const valid = await guessPassword(db, now, passwordGuessKeys(email, address), () =>
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
     * working at once. A token that was already exchanged is taken as stolen: the session ends
     * (unless the exchange happened within REFRESH_RACE_SECONDS).
     * @throws 401 when the session ended, is older than 14 days, or the token was already exchanged.
     */
    async refresh(token: string | null): Promise<IssuedToken> {
      const now = clock();
      const found = token ? await sessionOf(token, true) : null;
      const tokenId = randomId();
      if (found && !found.current && isReuse(found.session, found.claims.tokenId, now)) {
        await endSession(db, found.session.id, now.toISOString());
      }
      if (
        !found?.current ||
        !(await rotateSessionToken(
          db,
          found.session.id,
          found.session.tokenId,
          tokenId,
          now.toISOString(),
        ))
      ) {
        throw unauthenticated('Your session has ended. Please sign in again.');
      }
      return issue(found.session.userId, found.session.id, tokenId);
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

    /** Ends the actor's session (logout is `sessionOnly`: a personal access token has none). */
    async logout(actor: UserActor): Promise<void> {
      if (actor.sessionId) await endSession(db, actor.sessionId, clock().toISOString());
    },

    async me(actor: UserActor): Promise<User> {
      const user = await findUser(db, actor.userId);
      if (!user) throw notFound('User');
      return toUser(user);
    },
  };
}
