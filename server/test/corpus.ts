import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shared test corpus of real inputs nobody here wrote: `NESTMARK_CORPUS`, else
 * `../shared/corpus` beside the repository, else the workplace's `/work/shared/corpus` (for a
 * clone somewhere else on the same machine). Read-only: tests never change it.
 */
export const CORPUS_DIR =
  process.env.NESTMARK_CORPUS ??
  [fileURLToPath(new URL('../../../shared/corpus', import.meta.url)), '/work/shared/corpus'].find(
    (dir) => existsSync(dir),
  ) ??
  fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

/** Absolute path of a bookmark file of the corpus, e.g. `markio/nested_bookmarks.html`. */
export function corpusBookmarkFile(path: string): string {
  return `${CORPUS_DIR}/bookmarks/${path}`;
}
