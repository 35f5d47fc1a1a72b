import { subtle, type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

type CryptoKey = webcrypto.CryptoKey;

/** Access tokens live 60 minutes (DESIGN.md, sessions). */
export const ACCESS_TOKEN_MINUTES = 60;

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
  tokenId: string;
}

const ALGORITHM = 'HS256';

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
export function signAccessToken(claims: AccessTokenClaims, key: CryptoKey, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setJti(claims.tokenId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_MINUTES * 60)
    .sign(key);
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
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now }));
  } catch (error) {
    // jose checks the signature before the claims, so an expired token's payload is authentic.
    if (!(allowExpired && error instanceof errors.JWTExpired)) return null;
    payload = error.payload;
  }
  const userId = Number(payload.sub);
  const { sid, jti } = payload;
  if (!Number.isInteger(userId) || typeof sid !== 'string' || typeof jti !== 'string') return null;
  return { userId, sessionId: sid, tokenId: jti };
}
