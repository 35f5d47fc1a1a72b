import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { accountErrorText, loginErrorText } from './auth-errors.ts';

describe('loginErrorText', () => {
  it("shows the server's text under 200 characters, else the status (PRODUCT.md#messages)", () => {
    expect(loginErrorText(new ApiError(401, 'UNAUTHENTICATED', 'Invalid login credentials'))).toBe(
      'Invalid login credentials',
    );
    expect(loginErrorText(new ApiError(502, 'INTERNAL', 'x'.repeat(200)))).toBe(
      'Login failed. Error 502',
    );
    expect(loginErrorText(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});

describe('accountErrorText', () => {
  it('shows the first field error, else the message', () => {
    const weak = new ApiError(400, 'VALIDATION', 'password: too short', {
      password: ['A password needs at least 10 characters.'],
    });
    expect(accountErrorText(weak)).toBe('A password needs at least 10 characters.');
    expect(accountErrorText(new ApiError(429, 'RATE_LIMITED', 'Slow down.'))).toBe('Slow down.');
  });
});
