import type { ImportFormatId } from '../../../contract/bookmarks-io.ts';
import { parseJsonWithoutNul, withoutNul } from '../../lib/nul-character.ts';
import type { BookmarkFile, BookmarkFileReader, BookmarkNode } from './netscape-reader.ts';

/**
 * The one interface every import format implements: each format module reads its own file type into
 * the same bookmark tree the Netscape reader gives, so all formats share one import pipeline (job,
 * duplicates, staging and publishing).
 */
export interface ImportFormat {
  id: ImportFormatId;
  /** True when the file is in this format, decided by its content (never by its name). */
  detect(input: ImportInput): boolean;
  /**
   * Starts reading the file; Netscape files are read in slices, the others at once.
   * @throws 422 for a file its format cannot read (a CSV file with a quote that never closes).
   */
  open(input: ImportInput): BookmarkFileReader;
}

/**
 * What the user sees of each format (a job's `format_name`), kept apart from the format modules
 * so that showing a job does not load their parsers.
 */
export const importFormatNames: Readonly<Record<ImportFormatId, string>> = {
  netscape: 'Bookmarks HTML file',
  'pocket-html': 'Pocket (HTML)',
  'pocket-csv': 'Pocket (CSV)',
  'instapaper-csv': 'Instapaper (CSV)',
  'pinboard-json': 'Pinboard (JSON)',
  'delicious-json': 'Delicious (JSON)',
  'chrome-json': 'Chrome bookmarks (JSON)',
  'firefox-json': 'Firefox bookmarks backup (JSON)',
  'linkwarden-json': 'Linkwarden (JSON)',
};

/**
 * An uploaded file as format modules see it. Detection looks at `head()` only, so that a large
 * file is decoded once, by the format that reads it; text and JSON are decoded on first use.
 */
export interface ImportInput {
  bytes: Uint8Array;
  /** The first 16 KiB as UTF-8 without a byte order mark, for detection. */
  head(): string;
  /**
   * The whole file as UTF-8 without a byte order mark (JSON and CSV exports are UTF-8) and without
   * NUL characters (server/lib/nul-character.ts).
   */
  text(): string;
  /** The file parsed as JSON, no string in it holding a NUL; undefined when it is not JSON. */
  json(): unknown;
}

const HEAD_BYTES = 16 * 1024;

/** Wraps uploaded bytes for the format modules. */
export function importInput(bytes: Uint8Array): ImportInput {
  let head: string | undefined;
  let text: string | undefined;
  let json: { value: unknown } | undefined;
  const decode = (part: Uint8Array) => withoutNul(new TextDecoder('utf-8').decode(part));
  const input: ImportInput = {
    bytes,
    head: () => (head ??= decode(bytes.subarray(0, HEAD_BYTES))),
    text: () => (text ??= decode(bytes)),
    json() {
      if (json === undefined) {
        let value: unknown;
        // Only what opens like JSON is parsed: trying a large HTML file would waste time.
        if (/^\s*[[{]/.test(input.head())) {
          try {
            value = parseJsonWithoutNul(input.text());
          } catch {
            value = undefined;
          }
        }
        json = { value };
      }
      return json.value;
    },
  };
  return input;
}

/** A reader over a file that was read whole, for formats small enough to read at once. */
export function readAtOnce(read: () => BookmarkFile): BookmarkFileReader {
  let file = read();
  let entries = file.skipped.length;
  const pending: BookmarkNode[] = [...file.roots];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    // One push per child: spreading a folder of 100,000+ into one call overflows the stack.
    if (node.kind === 'folder') for (const child of node.children) pending.push(child);
    else entries += 1;
  }
  return {
    read: () => true,
    position: 1,
    length: 1,
    entries,
    hasContent: () => file.roots.length > 0,
    finish() {
      const result = file;
      // As the Netscape reader: let go of the result once it is handed over.
      file = { ...result, roots: [], skipped: [] };
      return result;
    },
  };
}
