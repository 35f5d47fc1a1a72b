import { randomBytes, randomInt } from 'node:crypto';

/** An unguessable URL-safe identifier of `bytes` random bytes (base64url; 16 bytes → 22 characters). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` characters drawn uniformly from letters and digits (PRODUCT.md#share-tokens: share
 * tokens, 32 from 62).
 */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}
