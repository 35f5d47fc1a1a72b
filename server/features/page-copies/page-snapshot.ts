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
