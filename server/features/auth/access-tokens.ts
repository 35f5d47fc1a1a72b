import { subtle, type webcrypto } from 'node:crypto';
import { LRUCache } from 'lru-cache';

type CryptoKey = webcrypto.CryptoKey;

/** Access tokens live 60 minutes (ARCHITECTURE.md#sessions). */
export const ACCESS_TOKEN_MINUTES = 60;

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
  tokenId: string;
}

const ALGORITHM = 'HS256';

/**
 * jose, loaded with the first token signed or checked rather than at start
 * (OPERATIONS.md#start-time-and-memory). A checked token is remembered (see `verify`), so most
 * requests do not ask for it.
 */
const jose = () => import('jose');

/**
 * The key that signs and checks access tokens, made once from `JWT_SECRET` (UTF-8 bytes): jose
 * would import raw bytes anew on every request.
 */
export function accessTokenKey(secret: string): Promise<CryptoKey> {
  return subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/** Signs an HS256 JWT: `sub` user id, `sid` session, `jti` token id, `iat`/`exp` in seconds. */
export async function signAccessToken(claims: AccessTokenClaims, key: CryptoKey, now: Date) {
  const { SignJWT } = await jose();
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setJti(claims.tokenId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_MINUTES * 60)
    .sign(key);
}

/** A token whose signature checked out: its claims and expiry (seconds since the epoch). */
interface VerifiedToken {
  claims: AccessTokenClaims | null;
  expiresAt: number;
}

/** How many verified tokens each key remembers (about 200 bytes each). */
const VERIFIED_TOKENS = 10_000;

/**
 * Tokens already verified with a key. Every request carries its token, and checking the HMAC
 * costs more than the rest of the token's checks: a token string verified once stays authentic,
 * so only its expiry is checked again.
 */
const verifiedByKey = new WeakMap<CryptoKey, LRUCache<string, VerifiedToken>>();

/** Checks the signature of `token` (once per token and key); null when it is malformed or forged. */
async function verify(token: string, key: CryptoKey, now: Date): Promise<VerifiedToken | null> {
  let verified = verifiedByKey.get(key);
  if (!verified) {
    verified = new LRUCache({ max: VERIFIED_TOKENS });
    verifiedByKey.set(key, verified);
  }
  const known = verified.get(token);
  if (known) return known;
  const { errors, jwtVerify } = await jose();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now }));
  } catch (error) {
    // jose checks the signature before the claims, so an expired token's payload is authentic.
    if (!(error instanceof errors.JWTExpired)) return null;
    payload = error.payload;
  }
  const userId = Number(payload.sub);
  const { sid, jti, exp } = payload;
  const valid = Number.isInteger(userId) && typeof sid === 'string' && typeof jti === 'string';
  const result = {
    claims: valid ? { userId, sessionId: sid, tokenId: jti } : null,
    expiresAt: exp ?? 0,
  };
  verified.set(token, result);
  return result;
}

/**
 * The claims of a token signed with `key`, or null when it is malformed, forged or (unless
 * `allowExpired`, used by refresh) expired at `now`.
 */
export async function readAccessToken(
  token: string,
  key: CryptoKey,
  now: Date,
  { allowExpired = false } = {},
): Promise<AccessTokenClaims | null> {
  const verified = await verify(token, key, now);
  if (!verified) return null;
  // As jose does: a token expires at the start of its `exp` second.
  const expired = verified.expiresAt <= Math.floor(now.getTime() / 1000);
  return expired && !allowExpired ? null : verified.claims;
}
