import { faviconHost } from '../../../contract/link-preview.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { FileStore } from '../files/file-store.ts';
import { IMAGE_RESPONSE_HEADERS } from '../files/files.service.ts';
import { dominantColor, isIco, makeFavicon } from '../files/images.ts';
import { FetchFailedError, type LinkFetcher } from './guarded-fetcher.ts';

/** A cached favicon is fetched again after this long (sites change their icons). */
const FAVICON_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long this process trusts what it last learnt about a host's favicon (its colour, or that it
 * has none) without looking at the disk again: previews of one site come in runs (an import), and
 * each would otherwise read the icon file and compute its colour again, or retry a site without
 * any icon. Far below FAVICON_MAX_AGE_MS; losing it costs one disk check.
 */
const FAVICON_RECHECK_MS = 10 * 60 * 1000;
/** Hosts remembered so; the longest unchecked is forgotten first. */
const FAVICON_RECENT_HOSTS = 10_000;
/** Largest icon file downloaded. */
const FAVICON_MAX_BYTES = 512 * 1024;
/*
 * Budgets of one favicon refresh, all candidates together. A page lists whatever icons it likes:
 * without them, one page listing 40 large icons made a single preview (or GET /api/meta) download
 * about 20 MB over 60 s, and a preview holds its host's lease meanwhile. The best-ranked icons
 * come first, so a few tries find an icon on every sane page.
 */
/** Icons tried, the page's best-ranked first, then `/favicon.ico`. */
export const FAVICON_MAX_CANDIDATES = 3;
/** Bytes downloaded: two icons of the largest size. */
export const FAVICON_BUDGET_BYTES = 2 * FAVICON_MAX_BYTES;
/** Time spent: a page fetch's own limit, so a preview takes at most about three of them. */
export const FAVICON_BUDGET_MS = 10_000;

export type FaviconCache = ReturnType<typeof createFaviconCache>;

/** The key of a host in the cache and in `/api/favicons/{host}`: `host[:port]`, lower case. */
export function faviconHostOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

/**
 * What a host without a cached favicon gets: a neutral globe (the outline the web app draws), so
 * that a page showing many links neither logs an error per host nor shows a broken image
 * (PRODUCT.md#post-card). Kept an hour by browsers: a preview done later may cache a real one.
 */
const NO_FAVICON: FileDownload = {
  body: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#8a837c" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"/><path d="M2 12h20"/></svg>',
  ),
  contentType: 'image/svg+xml',
  headers: { ...IMAGE_RESPONSE_HEADERS, 'cache-control': 'public, max-age=3600' },
};

/**
 * Favicons fetched by the server through the SSRF guard and kept under DATA_DIR/favicons, so a
 * browser showing a link never tells a third-party icon service (or the site) what its user keeps
 * (PRODUCT.md#post-card). Stored as a 64 px PNG re-encoded by sharp; an `.ico` holding
 * only bitmap images (which sharp cannot read) is kept as it is, served as `image/x-icon`.
 */
export function createFaviconCache({ store, fetcher }: { store: FileStore; fetcher: LinkFetcher }) {
  /** What `ensure` last returned per host, and when (ms); in insertion order, oldest first. */
  const recent = new Map<string, { checkedAt: number; color: string | null }>();
  const fileName = (host: string, extension: 'png' | 'ico') =>
    `${host.replace(':', '_')}.${extension}`;

  async function cached(host: string) {
    for (const extension of ['png', 'ico'] as const) {
      const name = fileName(host, extension);
      const modified = await store.modifiedAt('favicons', name);
      if (modified) return { name, extension, modified };
    }
    return undefined;
  }

  /**
   * The icon at `url` as what to store, or undefined when it is no usable image. Takes what it
   * downloads from `budget.bytes`; a failed download without an HTTP status (too large, cut off)
   * may have used its whole allowance, and is charged so.
   */
  async function download(url: string, budget: { bytes: number; signal: AbortSignal }) {
    const maxBytes = Math.min(FAVICON_MAX_BYTES, budget.bytes);
    let body: Buffer;
    try {
      ({ body } = await fetcher.fetch(url, {
        accept: 'image/*',
        maxBytes,
        signal: budget.signal,
      }));
    } catch (error) {
      if (!(error instanceof FetchFailedError && error.status !== undefined))
        budget.bytes -= maxBytes;
      return undefined;
    }
    budget.bytes -= body.length;
    try {
      return { extension: 'png' as const, bytes: await makeFavicon(body) };
    } catch {
      return isIco(body) ? { extension: 'ico' as const, bytes: body } : undefined;
    }
  }

  /** The cached favicon's colour, fetching the icon first when none is cached or it is old. */
  async function refresh(host: string, origin: string, candidates: string[], now: Date) {
    const existing = await cached(host);
    let png: Buffer | undefined;
    if (existing && now.getTime() - existing.modified.getTime() < FAVICON_MAX_AGE_MS) {
      if (existing.extension === 'png') png = await store.read('favicons', existing.name);
    } else {
      const tries = [...new Set([...candidates, new URL('/favicon.ico', origin).href])].slice(
        0,
        FAVICON_MAX_CANDIDATES,
      );
      const budget = {
        bytes: FAVICON_BUDGET_BYTES,
        signal: AbortSignal.timeout(FAVICON_BUDGET_MS),
      };
      for (const url of tries) {
        if (budget.bytes <= 0 || budget.signal.aborted) break;
        const icon = await download(url, budget);
        if (!icon) continue;
        await store.write('favicons', fileName(host, icon.extension), icon.bytes);
        // A host's icon changed format: the old file must not shadow the new one.
        const other = icon.extension === 'png' ? 'ico' : 'png';
        await store.remove('favicons', fileName(host, other));
        if (icon.extension === 'png') png = icon.bytes;
        break;
      }
    }
    return png ? dominantColor(png) : null;
  }

  return {
    /**
     * Makes sure the favicon of `host` is cached, trying `candidates` (the page's declared
     * icons, best first) and then `/favicon.ico` of `origin`: at most FAVICON_MAX_CANDIDATES of
     * them, within FAVICON_BUDGET_BYTES and FAVICON_BUDGET_MS. A site without a usable icon simply
     * has none: fetch and image failures are not errors (only the disk's are). What it returns
     * is remembered for FAVICON_RECHECK_MS. @returns the icon's dominant colour (for a card
     * without a theme colour), or null.
     */
    async ensure(host: string, origin: string, candidates: string[], now: Date) {
      // Hosts the favicon route cannot name (IPv6 literals) get none.
      if (!faviconHost.safeParse(host).success) return null;
      const known = recent.get(host);
      const age = known ? now.getTime() - known.checkedAt : -1;
      if (known && age >= 0 && age < FAVICON_RECHECK_MS) return known.color;
      const color = await refresh(host, origin, candidates, now);
      recent.delete(host);
      recent.set(host, { checkedAt: now.getTime(), color });
      if (recent.size > FAVICON_RECENT_HOSTS) recent.delete(recent.keys().next().value!);
      return color;
    },

    /** The cached favicon of `host` for GET /api/favicons/{host}, else a neutral globe. */
    async open(host: string): Promise<FileDownload> {
      const existing = await cached(host);
      const bytes = existing && (await store.read('favicons', existing.name));
      if (!existing || !bytes) return NO_FAVICON;
      return {
        body: bytes,
        contentType: existing.extension === 'png' ? 'image/png' : 'image/x-icon',
        // Unlike uploads, a favicon may change after its refresh period.
        headers: { ...IMAGE_RESPONSE_HEADERS, 'cache-control': 'public, max-age=86400' },
      };
    },
  };
}
