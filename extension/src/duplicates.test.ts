import { describe, expect, it, vi } from 'vitest';
import { postEndpoints } from '../../contract/posts.ts';
import type { ApiCall } from './api-client.ts';
import { findDuplicates, postPageUrl } from './duplicates.ts';

describe('findDuplicates', () => {
  it('asks the duplicate check for the URL and names where each post is', async () => {
    const api = vi.fn(async () => ({
      data: [
        {
          id: 4,
          title: 'A',
          url: 'https://example.org/a',
          collection_id: 2,
          collection_name: 'Reading',
        },
        {
          id: 3,
          title: null,
          url: 'https://example.org/a',
          collection_id: null,
          collection_name: null,
        },
      ],
    }));
    await expect(
      findDuplicates(api as unknown as ApiCall, 'https://example.org/a#top'),
    ).resolves.toEqual([
      { id: 4, collectionName: 'Reading' },
      { id: 3, collectionName: 'Uncategorized' },
    ]);
    expect(api).toHaveBeenCalledWith(postEndpoints.check, {
      query: { url: 'https://example.org/a#top' },
    });
  });
});

describe('postPageUrl', () => {
  it('is the post page of the web app on the server', () => {
    expect(postPageUrl('https://nest.example.org/sub', 12)).toBe(
      'https://nest.example.org/sub/p/12',
    );
  });
});
