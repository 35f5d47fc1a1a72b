import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_MINUTES,
  accessTokenKey,
  readAccessToken,
  signAccessToken,
} from './access-tokens.ts';

const claims = { userId: 4, sessionId: 'session-a', tokenId: 'token-a' };
const issuedAt = new Date('2026-01-15T10:00:00.000Z');
const at = (minutes: number) => new Date(issuedAt.getTime() + minutes * 60_000);

describe('readAccessToken', () => {
  it('reads a token again and again while it lives, and not from its expiry on', async () => {
    const key = await accessTokenKey('a-secret-that-is-long-enough-for-hs256');
    const token = await signAccessToken(claims, key, issuedAt);

    expect(await readAccessToken(token, key, at(0))).toEqual(claims);
    expect(await readAccessToken(token, key, at(59))).toEqual(claims);
    expect(await readAccessToken(token, key, at(ACCESS_TOKEN_MINUTES))).toBeNull();
    expect(
      await readAccessToken(token, key, at(ACCESS_TOKEN_MINUTES), { allowExpired: true }),
    ).toEqual(claims);
  });

  it('refuses a token altered after its genuine form was read', async () => {
    const key = await accessTokenKey('a-secret-that-is-long-enough-for-hs256');
    const token = await signAccessToken(claims, key, issuedAt);
    await readAccessToken(token, key, at(1));
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sid: 'session-b', sub: '4', jti: 'token-a', iat: 0, exp: 9e9 }),
    ).toString('base64url');

    expect(await readAccessToken(`${header}.${payload}.${signature}`, key, at(1))).toBeNull();
    expect(await readAccessToken(`${token}x`, key, at(1))).toBeNull();
  });

  it('refuses a token signed with another key, also once it was read with its own', async () => {
    const key = await accessTokenKey('a-secret-that-is-long-enough-for-hs256');
    const other = await accessTokenKey('another-secret-that-is-long-enough-too');
    const token = await signAccessToken(claims, key, issuedAt);

    expect(await readAccessToken(token, key, at(1))).toEqual(claims);
    expect(await readAccessToken(token, other, at(1))).toBeNull();
  });

  it('refuses an expired token on first sight unless asked to allow it', async () => {
    const key = await accessTokenKey('a-secret-that-is-long-enough-for-hs256');
    const token = await signAccessToken(claims, key, issuedAt);

    expect(await readAccessToken(token, key, at(90))).toBeNull();
    expect(await readAccessToken(token, key, at(90), { allowExpired: true })).toEqual(claims);
    expect(await readAccessToken(token, key, at(30))).toEqual(claims);
  });
});
