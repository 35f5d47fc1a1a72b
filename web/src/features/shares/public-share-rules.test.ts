import { describe, expect, it } from 'vitest';
import { generateShareToken, publicShareAction } from './public-share-rules.ts';

describe('generateShareToken', () => {
  it('makes 32 characters from letters and digits, different every time', () => {
    const tokens = Array.from({ length: 200 }, generateShareToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Over 6,400 characters every one of the 62 shows up.
    expect(new Set(tokens.join('')).size).toBe(62);
  });
});

describe('publicShareAction (PRODUCT.md#public-share-on-save)', () => {
  it.each([
    [false, false, 'abc', 'none'],
    [false, true, 'abc', 'create'],
    [true, true, 'abc', 'update'],
    [true, false, 'abc', 'delete'],
    [false, true, '  ', 'none'],
    [true, true, '', 'none'],
  ] as const)('share %s, active %s, token %j → %s', (hasShare, active, token, action) => {
    expect(publicShareAction(hasShare, active, token)).toBe(action);
  });
});
