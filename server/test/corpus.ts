import { fileURLToPath } from 'node:url';

/**
 * The test corpus: real inputs nobody on the team wrote (browser bookmark exports, web pages,
 * XSS payloads, SSRF refusal cases), kept in `server/test/fixtures/corpus` with its sources and
 * licences (`SOURCES.md` there, checksums in `SHA256SUMS.txt`). Test input only: tests read it
 * and never change it; none of it ships in the product.
 */
export const CORPUS_DIR = fileURLToPath(new URL('./fixtures/corpus', import.meta.url));

/** Absolute path of a bookmark file of the corpus, e.g. `markio/nested_bookmarks.html`. */
export function corpusBookmarkFile(path: string): string {
  return `${CORPUS_DIR}/bookmarks/${path}`;
}
