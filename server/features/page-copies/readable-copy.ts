import { decodeHtml } from '../../lib/html-charset.ts';
import { plainTextOf, sanitizeContent } from '../posts/post-content.ts';
import { overCap, type CopyCaps } from './copy-caps.ts';
import type { CopyFailure } from './copy-failure.ts';
import { countWords, readingMinutes } from './text-measures.ts';

/** The readable copy of an HTML page: its article, cleaned, and what the page says about it. */
export interface ArticleCopy {
  kind: 'article';
  /** White space collapsed; null when absent (this and the fields below). */
  title: string | null;
  byline: string | null;
  siteName: string | null;
  /** UTC ISO-8601, from the page's metadata; null when absent or not a date. */
  publishedTime: string | null;
  /** The page's description, else the article's first paragraph. */
  excerpt: string | null;
  /** The language the page declares (`<html lang>`), as written there. */
  lang: string | null;
  wordCount: number;
  /** At text-measures.ts' reading speed, rounded up. */
  readingMinutes: number;
  /** The article's HTML through the post allowlist (PRODUCT.md#rich-content); safe to render. */
  html: string;
  /** The text of `html` on one line. */
  text: string;
}

/**
 * Readability and the parsers it reads pages through, loaded with the first page rather than at
 * start (OPERATIONS.md#start-time-and-memory).
 */
const loadReader = async () => {
  const [{ load }, { DOMParser }, { Readability }] = await Promise.all([
    import('cheerio'),
    import('linkedom'),
    import('@mozilla/readability'),
  ]);
  /*
   * `html` as a DOM document. linkedom is fast but its parser is not the HTML standard's: it
   * does not supply the `<html>`, `<head>` and `<body>` a page may leave out, and leaves what
   * follows outside `<body>`, where Readability never looks. So parse5 (through cheerio, as
   * page-metadata.ts reads pages) first parses the page as a browser does and writes it back
   * whole; the two take a fraction of jsdom's time. linkedom's document is typed as its own; it
   * has what Readability uses (readable-copy.test.ts runs the corpus and hostile pages).
   */
  const parse = (html: string) =>
    new DOMParser().parseFromString(
      load(html).html(),
      'text/html',
    ) as unknown as ConstructorParameters<typeof Readability>[0];
  return { parse, Readability };
};

/** Collapsed and trimmed; null for nothing or only white space. */
function cleanText(text: string | null | undefined): string | null {
  return text?.replace(/\s+/g, ' ').trim() || null;
}

/** `value` as a UTC ISO-8601 timestamp, or null when it is not a date. */
function isoTime(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const time = new Date(value.trim());
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * The URL relative links of a page resolve against: its `<base href>` resolved against the page
 * URL when that gives an http(s) URL (another origin too, as a browser does: it is where the
 * author's links lead), else the page URL. A `javascript:` or `data:` base is ignored.
 */
function baseUrlOf(baseHref: string | null, pageUrl: string): string {
  if (!baseHref?.trim()) return pageUrl;
  if (!URL.canParse(baseHref.trim(), pageUrl)) return pageUrl;
  const base = new URL(baseHref.trim(), pageUrl);
  return base.protocol === 'http:' || base.protocol === 'https:' ? base.href : pageUrl;
}

/**
 * The readable copy of a page (PRODUCT.md#rich-content for what its HTML keeps): Mozilla's
 * Readability finds the article in `html` over a linkedom DOM, where nothing runs or loads; its
 * links and images are made absolute against the page's base (see {@link baseUrlOf}), and the
 * result goes through the post sanitiser, which alone decides what survives (no script, style,
 * form, frame, event handler or URL outside the allowed schemes).
 *
 * `pageUrl` is the URL the page was finally fetched from (after redirects). After the first
 * call's imports, the work is synchronous: about 0.4 s for a page of 1 MB.
 *
 * Fails with 'no_readable_content' when Readability finds no article or it has no text, and
 * 'too_large' when the sanitised HTML or its text is over `caps.readableBytes`.
 */
export async function extractReadableCopy(
  html: string,
  pageUrl: string,
  caps: Pick<CopyCaps, 'readableBytes'>,
): Promise<ArticleCopy | CopyFailure> {
  const { parse, Readability } = await loadReader();
  const document = parse(html);
  // Readability resolves relative URLs against document.baseURI, leaving `#fragment` links alone
  // when that equals documentURI; linkedom knows neither, so both are set here.
  const base = baseUrlOf(
    document.querySelector('base[href]')?.getAttribute('href') ?? null,
    pageUrl,
  );
  Object.defineProperties(document, {
    baseURI: { value: base },
    documentURI: { value: pageUrl },
  });
  const article = new Readability(document).parse();
  if (!article?.content) return { kind: 'failure', reason: 'no_readable_content' };

  const clean = sanitizeContent(article.content);
  const text = plainTextOf(clean);
  if (!text) return { kind: 'failure', reason: 'no_readable_content' };
  const tooLarge =
    overCap(Buffer.byteLength(clean), caps.readableBytes) ??
    overCap(Buffer.byteLength(text), caps.readableBytes);
  if (tooLarge) return tooLarge;

  const wordCount = countWords(text);
  return {
    kind: 'article',
    title: cleanText(article.title),
    byline: cleanText(article.byline),
    siteName: cleanText(article.siteName),
    publishedTime: isoTime(article.publishedTime),
    excerpt: cleanText(article.excerpt),
    lang: cleanText(article.lang),
    wordCount,
    readingMinutes: readingMinutes(wordCount),
    html: clean,
    text,
  };
}

/**
 * {@link extractReadableCopy} of a page's bytes as fetched: refused as 'too_large' over
 * `caps.rawBytes` before anything is parsed, then decoded in the page's charset
 * (lib/html-charset.ts; `transportCharset` is the HTTP Content-Type's).
 */
export async function readReadableCopy(
  bytes: Uint8Array,
  transportCharset: string | null,
  pageUrl: string,
  caps: Pick<CopyCaps, 'rawBytes' | 'readableBytes'>,
): Promise<ArticleCopy | CopyFailure> {
  const tooLarge = overCap(bytes.byteLength, caps.rawBytes);
  if (tooLarge) return tooLarge;
  return extractReadableCopy(decodeHtml(bytes, { transportCharset }).text, pageUrl, caps);
}
