import { describe, expect, it } from 'vitest';
import { normalizeUrl, urlKey } from './url-key.ts';

describe('normalizeUrl', () => {
  it.each([
    ['scheme and host lower-case', 'HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['default port dropped', 'https://example.com:443/a', 'https://example.com/a'],
    ['default http port dropped', 'http://example.com:80/a', 'http://example.com/a'],
    ['other port kept', 'https://example.com:8443/a', 'https://example.com:8443/a'],
    ['trailing slash dropped', 'https://example.com/a/b/', 'https://example.com/a/b'],
    ['root keeps its slash', 'https://example.com', 'https://example.com/'],
    ['fragment dropped', 'https://example.com/a#part', 'https://example.com/a'],
    [
      'utm_* dropped, other parameters kept in order',
      'https://example.com/a?b=2&utm_source=x&UTM_Medium=y&a=1',
      'https://example.com/a?b=2&a=1',
    ],
    [
      'fbclid, gclid, mc_cid, mc_eid dropped',
      'https://example.com/a?fbclid=1&gclid=2&mc_cid=3&mc_eid=4',
      'https://example.com/a',
    ],
    ['query kept', 'https://example.com/a?q=1', 'https://example.com/a?q=1'],
    ['not a URL compared as is', 'not a url', 'not a url'],
  ])('%s', (_rule, input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it('gives one key to URLs that differ only by the rules', () => {
    expect(urlKey('HTTPS://Example.com:443/a/?utm_campaign=z#top')).toBe(
      urlKey('https://example.com/a'),
    );
    expect(urlKey('https://example.com/a')).toMatch(/^[0-9a-f]{64}$/);
    expect(urlKey('https://example.com/a')).not.toBe(urlKey('https://example.com/b'));
  });
});
