import { load } from 'cheerio';
import { decodeHtml } from '../../lib/html-charset.ts';

/** What a web page says about itself, for a link card (PRODUCT.md#post-card). */
export interface PageMetadata {
  /** Collapsed and trimmed; null when the page has none. */
  title: string | null;
  description: string | null;
  /** Absolute http(s) URL of the page's preview image (og:image and kin). */
  image: string | null;
  /** `theme-color` as lower-case `#rrggbb`; null when absent or not a hex colour. */
  color: string | null;
  /** Absolute http(s) URLs of the icons the page declares, best for a 64 px favicon first. */
  icons: string[];
}

/** Longest title and description kept (the post title column allows 255 characters). */
const TITLE_MAX = 255;
const DESCRIPTION_MAX = 1_000;

/*
 * Which meta keys feed each field, first found wins. Dublin Core first (a page that bothers with
 * it means it), then Open Graph, Twitter, the plain `<meta name>` and finally `<title>` — the
 * order Mozilla's Readability uses, except that Twitter's text comes before the plain
 * `description`: sites often leave that one as a site-wide tagline while the Twitter card
 * describes the page (the order metascraper picks).
 */
const TITLE_KEYS = ['dc:title', 'dcterm:title', 'og:title', 'twitter:title', 'title'];
const DESCRIPTION_KEYS = [
  'dc:description',
  'dcterm:description',
  'og:description',
  'twitter:description',
  'description',
];
const IMAGE_KEYS = [
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
];

/** Collapses whitespace runs to one space and trims. */
function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const NAMED = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' } as const;

/**
 * Decodes the entities left in text that was escaped twice (`&amp;#39;` arrives as `&#39;`), as
 * Readability does: the five XML entities and numeric references; invalid code points become
 * U+FFFD. Text is shown as text, never as HTML, so this cannot inject markup.
 */
function unescapeTwice(text: string): string {
  return text
    .replace(/&(quot|amp|apos|lt|gt);/g, (_, name: keyof typeof NAMED) => NAMED[name])
    .replace(/&#(?:x([0-9a-f]+)|([0-9]+));/gi, (_, hex: string | undefined, dec: string) => {
      const code = parseInt(hex ?? dec, hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    });
}

/** At most `max` characters, cut at a word when one ends near the limit, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

function cleanText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const text = collapse(unescapeTwice(raw));
  return text ? clip(text, max) : null;
}

/** `href` resolved against `base`, if it is an http(s) URL. */
function absoluteUrl(href: string | undefined, base: string): string | null {
  if (!href?.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `#rgb` / `#rrggbb` as lower-case `#rrggbb`; null for anything else. */
function normalizeHexColor(value: string | undefined): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? digits.replace(/./g, '$&$&') : digits}`;
}

/** Pixel size from a `sizes` attribute (`32x32`, `16x16 32x32`: the largest); null if unknown. */
function iconSize(sizes: string | undefined): number | null {
  const found = [...(sizes ?? '').matchAll(/(\d+)x(\d+)/gi)].map((match) => Number(match[1]));
  return found.length ? Math.max(...found) : null;
}

/**
 * Icons ranked for a 64 px favicon: those of known size at least 32 px, nearest to 64 first
 * (scaling up costs twice what scaling down does: it blurs); then icons of unknown size; `.ico`
 * files and tiny icons last (`.ico` often holds bitmaps sharp cannot read, and a 16 px icon blurs).
 */
function rankIcons(icons: { url: string; size: number | null }[]): string[] {
  const score = ({ url, size }: { url: string; size: number | null }) => {
    const isIco = /\.ico(\?|$)/i.test(url);
    if (size !== null && size >= 32 && !isIco) return size >= 64 ? size - 64 : (64 - size) * 2;
    if (!isIco && size === null) return 1_000;
    return 2_000 + (isIco ? 1 : 0);
  };
  return icons
    .map((icon, index) => ({ ...icon, index }))
    .sort((a, b) => score(a) - score(b) || a.index - b.index)
    .map((icon) => icon.url);
}

/**
 * Reads title, description, preview image, theme colour and icons from a page's HTML. Meta keys
 * come from `property` (several space-separated keys allowed, as in `og:title twitter:title`) and
 * `name` (`DC.title` counts as `dc:title`); a later tag with the same key wins; tags without a
 * `content` are skipped. Relative URLs resolve against `<base href>`, itself resolved against
 * `pageUrl` (the URL the page was finally fetched from).
 */
export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const $ = load(html);
  const values = new Map<string, string>();
  $('meta[content]').each((_, element) => {
    const content = $(element).attr('content') ?? '';
    if (!content.trim()) return;
    for (const key of ($(element).attr('property') ?? '').toLowerCase().split(/\s+/)) {
      if (key) values.set(key, content);
    }
    const name = ($(element).attr('name') ?? '').trim().toLowerCase();
    if (name) values.set(name.replace(/^(dc|dcterm)\./, '$1:'), content);
  });
  const first = (keys: string[]) => keys.map((key) => values.get(key)).find((v) => v?.trim());

  const base = absoluteUrl($('base[href]').first().attr('href'), pageUrl) ?? pageUrl;
  const documentTitle = $('head > title').first().text() || $('title').first().text();
  const imageLink = $('link[rel~="image_src" i][href]').first().attr('href');

  const icons: { url: string; size: number | null }[] = [];
  $('link[href][rel]').each((_, element) => {
    const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.some((token) => token === 'icon' || token.startsWith('apple-touch-icon'))) return;
    const url = absoluteUrl($(element).attr('href'), base);
    if (url) icons.push({ url, size: iconSize($(element).attr('sizes')) });
  });

  return {
    title: cleanText(first(TITLE_KEYS) ?? documentTitle, TITLE_MAX),
    description: cleanText(first(DESCRIPTION_KEYS), DESCRIPTION_MAX),
    image: absoluteUrl(first(IMAGE_KEYS) ?? imageLink, base),
    color: normalizeHexColor($('meta[name="theme-color" i][content]').first().attr('content')),
    icons: rankIcons(icons),
  };
}

/**
 * The metadata of an HTML page from its bytes, decoded in the page's own charset
 * (lib/html-charset.ts; `transportCharset` is the HTTP Content-Type's), as {@link extractMetadata}.
 */
export function readPageMetadata(
  bytes: Uint8Array,
  transportCharset: string | null,
  pageUrl: string,
): PageMetadata {
  return extractMetadata(decodeHtml(bytes, { transportCharset }).text, pageUrl);
}
