import type { LinkMeta } from '../../../contract/link-preview.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { FilesService } from '../files/files.service.ts';
import { baseUrlOf } from '../posts/post-content.ts';
import type { FaviconCache } from './favicon-cache.ts';
import { faviconHostOf } from './favicon-cache.ts';
import { RefusedUrlError, type FetchedResource, type LinkFetcher } from './guarded-fetcher.ts';
import type { PageMetadata } from './page-metadata.ts';
import type { LinkPreview } from './previews.repository.ts';

/** Largest page read for its metadata; `<head>` comes first, so even huge pages are covered. */
const PAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Largest image downloaded for a thumbnail. */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * The page reader, loaded with the first page rather than at start: cheerio and the charset
 * sniffer are large (OPERATIONS.md#start-time-and-memory).
 */
const loadPageReader = () => import('./page-metadata.ts');

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;

/**
 * Link previews (PRODUCT.md#link-metadata): a page fetched through the SSRF guard, its metadata
 * read (page-metadata.ts) in its own charset, its favicon cached. Thumbnails are stored for posts
 * only.
 */
export function createLinkPreviewService({
  fetcher,
  favicons,
  files,
  clock,
}: {
  fetcher: LinkFetcher;
  favicons: FaviconCache;
  files: FilesService;
  clock: Clock;
}) {
  /**
   * Fetches `url` and reads what it says about itself: HTML pages give their metadata, images
   * are their own picture. Caches the favicon; its colour stands in for a missing theme colour.
   * @throws RefusedUrlError, FetchFailedError
   */
  async function readLink(url: string): Promise<{
    page: FetchedResource;
    metadata: PageMetadata;
    imageBytes: Buffer | null;
  }> {
    const page = await fetcher.fetch(url, {
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      maxBytes: PAGE_MAX_BYTES,
    });
    let metadata: PageMetadata = {
      title: null,
      description: null,
      image: null,
      color: null,
      icons: [],
    };
    let imageBytes: Buffer | null = null;
    if (page.mediaType === null || HTML_TYPES.has(page.mediaType)) {
      const { readPageMetadata } = await loadPageReader();
      metadata = readPageMetadata(page.body, page.charset, page.url);
    } else if (page.mediaType.startsWith('image/')) {
      imageBytes = page.body;
    }
    const iconColor = await favicons.ensure(
      faviconHostOf(url),
      new URL(page.url).origin,
      metadata.icons,
      clock(),
    );
    return { page, metadata: { ...metadata, color: metadata.color ?? iconColor }, imageBytes };
  }

  return {
    /**
     * GET /api/meta: what the page at `url` says about itself. A page that cannot be fetched
     * (unreachable, an HTTP error, too slow) answers with its URL as the title
     * (PRODUCT.md#messages: link metadata failures are not the user's problem). @throws 422 for a
     * URL the guard refuses.
     */
    async meta(url: string): Promise<LinkMeta> {
      const fallback = {
        url,
        base_url: baseUrlOf(url),
        title: url,
        description: null,
        color: null,
        image_path: null,
      };
      try {
        const { metadata } = await readLink(url);
        return {
          ...fallback,
          title: metadata.title ?? url,
          description: metadata.description,
          color: metadata.color,
          image_path: metadata.image,
        };
      } catch (error) {
        if (error instanceof RefusedUrlError) {
          throw unprocessable(`Nestmark does not fetch this address: ${error.message}`, {
            url: [error.message],
          });
        }
        return fallback;
      }
    },

    /**
     * The preview of a link post: metadata of its page and a thumbnail made from the page's image
     * (or the link itself when it is an image). A thumbnail that cannot be made is left out; the
     * page itself failing throws. @throws RefusedUrlError, FetchFailedError
     */
    async preview(post: { id: number; user_id: number; url: string }): Promise<LinkPreview> {
      const { metadata, imageBytes } = await readLink(post.url);
      let image = imageBytes;
      if (!image && metadata.image) {
        image = await fetcher
          .fetch(metadata.image, { accept: 'image/*', maxBytes: IMAGE_MAX_BYTES })
          .then((resource) => resource.body)
          .catch(() => null);
      }
      const image_path = image ? await files.saveThumbnail(post, image).catch(() => null) : null;
      return {
        title: metadata.title,
        description: metadata.description,
        color: metadata.color,
        image_path,
      };
    },
  };
}
