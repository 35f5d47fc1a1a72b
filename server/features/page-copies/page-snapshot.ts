import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { overCap, type CopyCaps } from './copy-caps.ts';
import type { CopyFailure } from './copy-failure.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The snapshot of a page: its bytes as fetched, gzip-compressed (on the thread pool, so the event
 * loop stays free), kept so the page outlives its link. 'too_large' over `caps.rawBytes`, checked
 * before anything is compressed or extracted.
 */
export async function compressSnapshot(
  bytes: Uint8Array,
  caps: Pick<CopyCaps, 'rawBytes'>,
): Promise<Buffer | CopyFailure> {
  return overCap(bytes.byteLength, caps.rawBytes) ?? (await gzipAsync(bytes));
}

/** The page's bytes back from a snapshot of {@link compressSnapshot}. @throws on a damaged one */
export async function decompressSnapshot(snapshot: Uint8Array): Promise<Buffer> {
  return gunzipAsync(snapshot);
}

/**
 * The HTML of a page as its snapshot keeps it: served from Nestmark's address, not the page's,
 * its relative links, images and style sheets would point at Nestmark, so its `<base>` is made
 * the page's own absolute address (`pageUrl`, the URL fetched after redirects; a `<base>` the
 * page gave is resolved against it, one that is not http(s) replaced). Parsed and written back
 * by parse5 (through cheerio, loaded with the first snapshot), as a browser would read it.
 */
export async function snapshotHtml(html: string, pageUrl: string): Promise<string> {
  const { load } = await import('cheerio');
  const $ = load(html);
  const given = $('base[href]').first().attr('href')?.trim();
  const resolved = given && URL.canParse(given, pageUrl) ? new URL(given, pageUrl) : undefined;
  const base =
    resolved && (resolved.protocol === 'http:' || resolved.protocol === 'https:')
      ? resolved.href
      : pageUrl;
  $('base').remove();
  $('head').prepend($('<base>').attr('href', base));
  return $.html();
}
