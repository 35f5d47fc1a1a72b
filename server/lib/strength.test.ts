import { describe, expect, it } from 'vitest';
import { randomAlphanumeric } from './random-token.ts';
import { passwordWeakness, TOKEN_MIN_BITS, tokenEntropyBits } from './strength.ts';

describe('passwordWeakness', () => {
  it('explains why a guessable password is weak, using what zxcvbn found', async () => {
    expect(await passwordWeakness('aaaaaaaaaaaa', [])).toMatch(
      /^This password is too easy to guess\. Repeated characters/,
    );
    expect(await passwordWeakness('password123', [])).toMatch(/commonly used password/);
  });

  it("counts the user's own name and email as known words", async () => {
    expect(await passwordWeakness('grace.hopper@example.com', [])).toBeNull();
    expect(
      await passwordWeakness('grace.hopper@example.com', ['grace.hopper@example.com']),
    ).toMatch(/personal/);
  });

  it('accepts the generated owner passwords (20 letters and digits) and passphrases', async () => {
    for (let i = 0; i < 20; i++)
      expect(await passwordWeakness(randomAlphanumeric(20), [])).toBeNull();
    expect(await passwordWeakness('a quiet heron at dusk', [])).toBeNull();
  });
});

describe('tokenEntropyBits', () => {
  it('gives generated share tokens (32 from 62 characters) far more than 128 bits', async () => {
    for (let i = 0; i < 10; i++) {
      expect(await tokenEntropyBits(randomAlphanumeric(32))).toBeGreaterThan(TOKEN_MIN_BITS);
    }
  });

  it('sees through long tokens that follow a pattern', async () => {
    for (const token of [
      'P'.repeat(32),
      'abababababababababababababababab',
      'abcdefghijklmnopqrstuvwxyz012345',
      'passwordpasswordpasswordpassword1',
      'MyCollectionSharedWithFriendsAndFamily2026',
    ]) {
      expect(await tokenEntropyBits(token)).toBeLessThan(TOKEN_MIN_BITS);
    }
  });
});
