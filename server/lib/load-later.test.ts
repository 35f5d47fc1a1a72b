import type * as LruCache from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { loadLater } from './load-later.ts';

describe('loadLater', () => {
  it('requires nothing until the first call, then gives the same package each time', () => {
    const missing = loadLater<unknown>('a-package-nestmark-does-not-have');
    expect(() => missing()).toThrow(/Cannot find module 'a-package-nestmark-does-not-have'/);

    const lruCache = loadLater<typeof LruCache>('lru-cache');
    expect(typeof lruCache().LRUCache).toBe('function');
    expect(lruCache()).toBe(lruCache());
  });
});
