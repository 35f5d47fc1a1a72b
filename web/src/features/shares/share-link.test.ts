import { describe, expect, it, vi } from 'vitest';
import type { StaticAuth } from '../../../../contract/shares.ts';
import { ApiError } from '../../lib/api-client.ts';
import { openShareLink } from './share-link.ts';

const TOKEN = 'A'.repeat(16) + '0123456789abcdef';
const AUTH: StaticAuth = {
  collection_id: 3,
  permission: 4,
  include_descendants: false,
  collection: { id: 3, name: 'Recipes', icon_id: null, post_count: 1, nested: [] },
};

describe('openShareLink', () => {
  it('opens what the server says the token opens', async () => {
    const load = vi.fn().mockResolvedValue(AUTH);
    await expect(openShareLink(TOKEN, load)).resolves.toEqual({ token: TOKEN, auth: AUTH });
    expect(load).toHaveBeenCalledWith(TOKEN);
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['a token too short', 'abc123'],
    ['a token with other characters', `${TOKEN}-x`],
    ['a token outside Latin-1', '✓'.repeat(40)],
  ])('opens nothing, without asking the server, for %s', async (_, token) => {
    const load = vi.fn();
    await expect(openShareLink(token, load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it.each([401, 404])('opens nothing when the server refuses the token with %i', async (status) => {
    const load = vi.fn().mockRejectedValue(new ApiError(status, 'x', 'refused'));
    await expect(openShareLink(TOKEN, load)).resolves.toBeNull();
  });

  it('throws on a failure that says nothing about the token (no network)', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(openShareLink(TOKEN, vi.fn().mockRejectedValue(offline))).rejects.toBe(offline);
  });
});
