import { faviconHost } from '../../../contract/link-preview.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileStore } from '../files/file-store.ts';
import { IMAGE_RESPONSE_HEADERS } from '../files/files.service.ts';
import { dominantColor, isIco, makeFavicon } from '../files/images.ts';
import type { LinkFetcher } from './guarded-fetcher.ts';

/** A cached favicon is fetched again after this long (sites change their icons). */
const FAVICON_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const FAVICON_MAX_BYTES = 512 * 1024;

export type FaviconCache = ReturnType<typeof createFaviconCache>;

/** The key of a host in the cache and in `/api/favicons/{host}`: `host[:port]`, lower case. */
export function faviconHostOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

/** Where the web app loads a host's favicon. */
export function faviconPath(host: string): string {
  return `/api/favicons/${host}`;
}

/**
 * Favicons fetched by the server through the SSRF guard and kept under DATA_DIR/favicons, so a
 * browser showing a link never tells a third-party icon service (or the site) what its user keeps
 * (SPEC §2 Post card; DESIGN.md). Stored as a 64 px PNG re-encoded by sharp; an `.ico` holding
 * only bitmap images (which sharp cannot read) is kept as it is, served as `image/x-icon`.
 */
export function createFaviconCache({ store, fetcher }: { store: FileStore; fetcher: LinkFetcher }) {
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

  /** The icon at `url` as what to store, or undefined when it is no usable image. */
  async function download(url: string) {
    try {
      const { body } = await fetcher.fetch(url, { accept: 'image/*', maxBytes: FAVICON_MAX_BYTES });
      try {
        return { extension: 'png' as const, bytes: await makeFavicon(body) };
      } catch {
        return isIco(body) ? { extension: 'ico' as const, bytes: body } : undefined;
      }
    } catch {
      return undefined;
    }
  }

  return {
    /**
     * Makes sure the favicon of `host` is cached, trying `candidates` (the page's declared
     * icons, best first) and then `/favicon.ico` of `origin`. A site without a usable icon simply
     * has none: fetch and image failures are not errors (only the disk's are). @returns the icon's
     * dominant colour (for a card without a theme colour), or null.
     */
    async ensure(host: string, origin: string, candidates: string[], now: Date) {
      // Hosts the favicon route cannot name (IPv6 literals) get none.
      if (!faviconHost.safeParse(host).success) return null;
      const existing = await cached(host);
      let png: Buffer | undefined;
      if (existing && now.getTime() - existing.modified.getTime() < FAVICON_MAX_AGE_MS) {
        if (existing.extension === 'png') png = await store.read('favicons', existing.name);
      } else {
        for (const url of [...candidates, new URL('/favicon.ico', origin).href]) {
          const icon = await download(url);
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
    },

    /** The cached favicon of `host` for GET /api/favicons/{host}. @throws 404 */
    async open(host: string): Promise<FileDownload> {
      const existing = await cached(host);
      const bytes = existing && (await store.read('favicons', existing.name));
      if (!existing || !bytes) throw notFound('Favicon');
      return {
        body: bytes,
        contentType: existing.extension === 'png' ? 'image/png' : 'image/x-icon',
        // Unlike uploads, a favicon may change after its refresh period.
        headers: { ...IMAGE_RESPONSE_HEADERS, 'cache-control': 'public, max-age=86400' },
      };
    },
  };
}
