import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('redactUrl', () => {
  it('replaces the values of token parameters, keeping everything else', () => {
    expect(redactUrl('/reset?email=ada%40example.com&token=abc')).toBe(
      '/reset?email=ada%40example.com&token=%5BREDACTED%5D',
    );
    expect(redactUrl('/s?TOKEN=abc&token=def&page=2')).toBe(
      '/s?TOKEN=%5BREDACTED%5D&token=%5BREDACTED%5D&page=2',
    );
    expect(redactUrl('/api/x?access_token=a&password=b')).toBe(
      '/api/x?access_token=%5BREDACTED%5D&password=%5BREDACTED%5D',
    );
  });

  it('leaves addresses without credentials as they are', () => {
    expect(redactUrl('/api/posts?filter=a%20b&limit=0')).toBe('/api/posts?filter=a%20b&limit=0');
    expect(redactUrl('/c/5')).toBe('/c/5');
  });
});
