import { describe, expect, it } from 'vitest';
import type { FileStore } from '../files/file-store.ts';
import {
  createFaviconCache,
  FAVICON_BUDGET_BYTES,
  FAVICON_MAX_CANDIDATES,
} from './favicon-cache.ts';
import { FetchFailedError, type FetchOptions, type LinkFetcher } from './guarded-fetcher.ts';

/** A store with nothing cached that keeps what is written. */
function emptyStore(): FileStore & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    write: async (_area, name) => {
      written.push(name);
    },
    read: async () => undefined,
    modifiedAt: async () => undefined,
    remove: async () => {},
  };
}

/** A fetcher answering every URL with `answer`, recording each call. */
function fakeFetcher(answer: (url: string, options: FetchOptions) => Buffer) {
  const calls: { url: string; maxBytes: number; signal: AbortSignal | undefined }[] = [];
  const fetcher: LinkFetcher = {
    check: async (url) => new URL(url),
    fetch: async (url, options) => {
      calls.push({ url, maxBytes: options.maxBytes, signal: options.signal });
      const body = answer(url, options);
      return { url, status: 200, mediaType: 'image/png', charset: null, body };
    },
    close: async () => {},
  };
  return { fetcher, calls };
}

const icons = Array.from({ length: 40 }, (_, n) => `https://example.com/icons/${n}.png`);

describe('favicon refresh budgets', () => {
  it('tries at most FAVICON_MAX_CANDIDATES icons, sharing one time budget', async () => {
    const { fetcher, calls } = fakeFetcher(() => Buffer.from('not an image'));
    const cache = createFaviconCache({ store: emptyStore(), fetcher });
    expect(await cache.ensure('example.com', 'https://example.com', icons, new Date())).toBeNull();
    expect(FAVICON_MAX_CANDIDATES).toBe(3);
    expect(calls.map((call) => call.url)).toEqual(icons.slice(0, 3));
    expect(new Set(calls.map((call) => call.signal)).size).toBe(1);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('stops when the bytes downloaded reach FAVICON_BUDGET_BYTES, and gives the last try only what is left', async () => {
    const big = Buffer.alloc(400 * 1024);
    const { fetcher, calls } = fakeFetcher(() => big);
    await createFaviconCache({ store: emptyStore(), fetcher }).ensure(
      'example.com',
      'https://example.com',
      icons,
      new Date(),
    );
    expect(calls.map((call) => call.maxBytes)).toEqual([
      512 * 1024,
      512 * 1024,
      FAVICON_BUDGET_BYTES - 2 * big.length,
    ]);
  });

  it('charges a download that failed without an HTTP status its whole allowance', async () => {
    const calls: number[] = [];
    const fetcher: LinkFetcher = {
      check: async (url) => new URL(url),
      fetch: async (_url, options) => {
        calls.push(options.maxBytes);
        throw new FetchFailedError('The response is larger than allowed.', { permanent: true });
      },
      close: async () => {},
    };
    await createFaviconCache({ store: emptyStore(), fetcher }).ensure(
      'example.com',
      'https://example.com',
      icons,
      new Date(),
    );
    // Two full allowances use up the budget: the third icon is not tried.
    expect(calls).toEqual([512 * 1024, 512 * 1024]);
  });

  it('does not charge an HTTP error, which is not read', async () => {
    const calls: number[] = [];
    const fetcher: LinkFetcher = {
      check: async (url) => new URL(url),
      fetch: async (_url, options) => {
        calls.push(options.maxBytes);
        throw new FetchFailedError('example.com answered 404.', { status: 404 });
      },
      close: async () => {},
    };
    await createFaviconCache({ store: emptyStore(), fetcher }).ensure(
      'example.com',
      'https://example.com',
      icons,
      new Date(),
    );
    expect(calls).toEqual([512 * 1024, 512 * 1024, 512 * 1024]);
  });
});
