import type { ImportFormat } from '../import-format.ts';
import { openBookmarkFile } from '../netscape-reader.ts';

/**
 * The Netscape bookmark file every browser exports (Chrome, Firefox, Edge, Safari, IE) and most
 * bookmark services too (Raindrop, Linkwarden, Karakeep, linkding, Shaarli, Pinboard, Delicious).
 * It is the fallback: any file that is not JSON and not another known format is read as one, and
 * the reader finds out whether it holds bookmarks.
 */
export const netscapeFormat: ImportFormat = {
  id: 'netscape',
  detect: (input) => input.json() === undefined,
  open: (input) => openBookmarkFile(input.bytes),
};
