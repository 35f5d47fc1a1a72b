import { sha256Hex } from './digest.ts';

/** Query parameters that only track where a visitor came from (PRODUCT.md#duplicate-check). */
const TRACKING_PARAMETER = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid)$/i;

/**
 * The form URLs are compared in to find the same page saved twice (PRODUCT.md#duplicate-check):
 * WHATWG-serialised (scheme and host lower-case, the default port dropped), without the fragment,
 * without tracking parameters (`utm_*`, `fbclid`, `gclid`, `mc_cid`, `mc_eid`; the others keep
 * their order), and without a trailing slash on a path other than `/`. Text that is not a URL is
 * compared as it is.
 */
export function normalizeUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return text;
  }
  url.hash = '';
  if (url.search) {
    const params = new URLSearchParams(url.search);
    for (const name of [...params.keys()]) {
      if (TRACKING_PARAMETER.test(name)) params.delete(name);
    }
    url.search = params.toString();
  }
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  }
  return url.href;
}

/**
 * What `posts.url_key` holds for a URL (migration 0015): the SHA-256 (hex) of
 * {@link normalizeUrl}, so that an index takes URLs of any length. The index holds its first
 * {@link URL_KEY_INDEXED_LENGTH} characters (migration 0024).
 */
export function urlKey(url: string): string {
  return sha256Hex(normalizeUrl(url));
}

/**
 * How many leading characters of `posts.url_key` its index holds (`substr(url_key, 1, 16)`,
 * migration 0024): a query reaches the index only through that very expression.
 */
export const URL_KEY_INDEXED_LENGTH = 16;
