import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileStore } from '../files/file-store.ts';
import {
  createFaviconCache,
  FAVICON_BUDGET_BYTES,
  FAVICON_BUDGET_MS,
  FAVICON_MAX_CANDIDATES,
} from './favicon-cache.ts';
import { FetchFailedError, type FetchOptions, type LinkFetcher } from './guarded-fetcher.ts';

/** A store with nothing cached that keeps what is written (in memory), counting its checks. */
function emptyStore(): FileStore & { checks: number } {
  const files = new Map<string, { bytes: Buffer; modified: Date }>();
  const store = {
    checks: 0,
    write: async (_area: string, name: string, bytes: Buffer) => {
      files.set(name, { bytes, modified: new Date(start) });
    },
    read: async (_area: string, name: string) => files.get(name)?.bytes,
    modifiedAt: async (_area: string, name: string) => {
      store.checks += 1;
      return files.get(name)?.modified;
    },
    remove: async (_area: string, name: string) => {
      files.delete(name);
    },
    list: async () => [...files.keys()],
    probe: async () => {},
  };
  return store;
}

const start = new Date('2026-01-15T10:00:00.000Z');

/** The byte limit a fetch was given, for an image (favicons give a number). */
function limitOf(options: FetchOptions): number {
  return typeof options.maxBytes === 'number' ? options.maxBytes : options.maxBytes('image/png');
}

/** A fetcher answering every URL with `answer`, recording each call. */
function fakeFetcher(answer: (url: string, options: FetchOptions) => Buffer) {
  const calls: { url: string; maxBytes: number; signal: AbortSignal | undefined }[] = [];
  const fetcher: LinkFetcher = {
    check: async (url) => new URL(url),
    fetch: async (url, options) => {
      calls.push({ url, maxBytes: limitOf(options), signal: options.signal });
      const body = answer(url, options);
      return { url, status: 200, mediaType: 'image/png', charset: null, body };
    },
    close: async () => {},
  };
  return { fetcher, calls };
}

const icons = Array.from({ length: 40 }, (_, n) => `https://example.com/icons/${n}.png`);

describe('favicons remembered by the process', () => {
  it('answers from memory for 10 minutes (also for a site without an icon), then looks again', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: '#cc3300' },
    })
      .png()
      .toBuffer();
    const { fetcher, calls } = fakeFetcher((url) =>
      url.includes('with-icon') ? png : Buffer.from('not an image'),
    );
    const store = emptyStore();
    const cache = createFaviconCache({ store, fetcher });
    const ensure = (host: string, at: number) =>
      cache.ensure(host, `https://${host}`, [], new Date(start.getTime() + at));

    const color = await ensure('with-icon.example', 0);
    expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await ensure('none.example', 0)).toBeNull();
    const [checks, fetches] = [store.checks, calls.length];
    expect(await ensure('with-icon.example', 10 * 60_000 - 1)).toBe(color);
    expect(await ensure('none.example', 10 * 60_000 - 1)).toBeNull();
    expect([store.checks, calls.length]).toEqual([checks, fetches]);

    // Then the disk again: the cached icon is still fresh, the site without one is asked again.
    expect(await ensure('with-icon.example', 10 * 60_000)).toBe(color);
    expect(await ensure('none.example', 10 * 60_000)).toBeNull();
    expect(store.checks).toBeGreaterThan(checks);
    expect(calls.slice(fetches).map((call) => call.url)).toEqual([
      'https://none.example/favicon.ico',
    ]);
  });
});

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

  it('stops when FAVICON_BUDGET_MS (10 s) is spent: a slow first icon leaves no time for others', async () => {
    const calls: string[] = [];
    const fetcher: LinkFetcher = {
      check: async (url) => new URL(url),
      // An icon that never arrives: the guard ends the request when the budget's signal fires.
      fetch: async (url, options) => {
        calls.push(url);
        await new Promise((resolve) => options.signal!.addEventListener('abort', resolve));
        throw new FetchFailedError('Timed out.');
      },
      close: async () => {},
    };
    const cache = createFaviconCache({ store: emptyStore(), fetcher });
    // Resolves only because the shared signal fires when the budget is spent.
    expect(await cache.ensure('example.com', 'https://example.com', icons, new Date())).toBeNull();
    expect(FAVICON_BUDGET_MS).toBe(10_000);
    expect(calls).toEqual(icons.slice(0, 1));
  }, 20_000);

  it('stops when the bytes downloaded reach FAVICON_BUDGET_BYTES, and gives the last try only what is left', async () => {
    const big = Buffer.alloc(400 * 1024);
    const { fetcher, calls } = fakeFetcher(() => big);
    await createFaviconCache({ store: emptyStore(), fetcher }).ensure(
      'example.com',
      'https://example.com',
      icons,
      new Date(),
    );
    expect(FAVICON_BUDGET_BYTES).toBe(1024 * 1024);
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
        calls.push(limitOf(options));
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
        calls.push(limitOf(options));
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
