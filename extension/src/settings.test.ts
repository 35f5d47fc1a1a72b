import { describe, expect, it } from 'vitest';
import { hostPermissionFor, normalizeServerUrl } from './settings.ts';

describe('normalizeServerUrl', () => {
  it('keeps scheme, host, port and path, without a trailing slash, query or fragment', () => {
    expect(normalizeServerUrl(' http://127.0.0.1:8080/ ')).toBe('http://127.0.0.1:8080');
    expect(normalizeServerUrl('https://example.org/nestmark//?a=1#top')).toBe(
      'https://example.org/nestmark',
    );
  });

  it('adds https:// to an address typed without a scheme', () => {
    expect(normalizeServerUrl('nest.example.org')).toBe('https://nest.example.org');
  });

  it('refuses what is not an http(s) server address', () => {
    for (const text of ['', '   ', 'ftp://example.org', 'https://user:pw@example.org', 'http://']) {
      expect(normalizeServerUrl(text)).toBeUndefined();
    }
  });
});

describe('hostPermissionFor', () => {
  it('names the scheme and host, any port and path', () => {
    expect(hostPermissionFor('http://127.0.0.1:8080/nest')).toBe('http://127.0.0.1/*');
    expect(hostPermissionFor('https://Nest.Example.org')).toBe('https://nest.example.org/*');
  });
});
