import { describe, expect, it } from 'vitest';
import { endpointUrl } from './endpoint.ts';
import { postEndpoints } from './posts.ts';

describe('endpointUrl', () => {
  it('fills path parameters, URI-encoded', () => {
    expect(endpointUrl(postEndpoints.get, { id: 3 })).toBe('/api/posts/3');
    expect(endpointUrl(postEndpoints.get, { id: 'a/b c' })).toBe('/api/posts/a%2Fb%20c');
  });

  it('writes the query, leaving out undefined and null, booleans as true/false', () => {
    expect(
      endpointUrl(postEndpoints.list, undefined, {
        collection_id: 3,
        withTags: true,
        is_archived: false,
        after_id: undefined,
        tag_id: null,
        filter: 'a&b c',
      }),
    ).toBe('/api/posts?collection_id=3&withTags=true&is_archived=false&filter=a%26b+c');
  });

  it('adds no `?` for an empty query', () => {
    expect(endpointUrl(postEndpoints.list, undefined, { after_id: undefined })).toBe('/api/posts');
    expect(endpointUrl(postEndpoints.list)).toBe('/api/posts');
  });
});
