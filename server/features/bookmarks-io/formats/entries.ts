import type {
  BookmarkFile,
  BookmarkFolder,
  BookmarkNode,
  SkippedBookmark,
} from '../netscape-reader.ts';
import { bookmarkFrom } from '../netscape-reader.ts';

/*
 * Small helpers the format modules share: building the tree the Netscape reader gives, and reading
 * loosely typed JSON without trusting it.
 */

/** The fields of one entry of any format (see `bookmarkFrom`). */
export type Entry = Parameters<typeof bookmarkFrom>[0];

/** A tree being built from entries: roots, skipped entries, and a way to add one entry. */
export function createTree() {
  const roots: BookmarkNode[] = [];
  const skipped: SkippedBookmark[] = [];
  return {
    roots,
    /** Adds a bookmark (or note) to `list` (default: the top level), or records why it is skipped. */
    add(entry: Entry, list: BookmarkNode[] = roots): void {
      const result = bookmarkFrom(entry);
      if (result.kind === 'skipped') skipped.push(result.skipped);
      else list.push(result);
    },
    /** The tree as a read file (these formats are UTF-8). */
    file: (): BookmarkFile => ({ encoding: 'UTF-8', roots, skipped }),
  };
}

/** Whether `json` is a list of which some item (an object) satisfies `matches`. */
export function isListOf(
  json: unknown,
  matches: (item: Record<string, unknown>) => boolean,
): boolean {
  return (
    Array.isArray(json) &&
    json.some((item) => {
      const entry = record(item);
      return entry !== undefined && matches(entry);
    })
  );
}

/** A file that is a flat list of entries, each item read by `toEntry`. */
export function readList(
  json: unknown,
  toEntry: (item: Record<string, unknown>) => Entry,
): BookmarkFile {
  const tree = createTree();
  for (const item of list(json)) tree.add(toEntry(record(item) ?? {}));
  return tree.file();
}

/**
 * A file that is a tree of JSON nodes (Chrome's and Firefox's own formats). For each node,
 * `folderOf` gives the folder it is (its children are read into it), else `entryOf` the entry it
 * is, else it is left out (a separator). Depth-first with an explicit stack: a crafted file may
 * nest deeper than is safe to recurse.
 */
export function readTree(
  roots: readonly Record<string, unknown>[],
  read: {
    folderOf(node: Record<string, unknown>): Omit<BookmarkFolder, 'kind' | 'children'> | undefined;
    entryOf(node: Record<string, unknown>): Entry | undefined;
  },
): BookmarkFile {
  const tree = createTree();
  const pending = [...roots].reverse().map((node) => ({ node, into: tree.roots }));
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { node, into } = item;
    const folder = read.folderOf(node);
    if (folder) {
      const children: BookmarkNode[] = [];
      into.push({ kind: 'folder', ...folder, children });
      const kids = list(node.children)
        .map(record)
        .filter((kid) => kid !== undefined);
      for (const kid of kids.reverse()) pending.push({ node: kid, into: children });
      continue;
    }
    const entry = read.entryOf(node);
    if (entry) tree.add(entry, into);
  }
  return tree.file();
}

/** A folder with no dates or description. */
export function folder(title: string, children: BookmarkNode[] = []): BookmarkFolder {
  return { kind: 'folder', title, addDate: null, lastModified: null, description: null, children };
}

/** `value` when it is a string, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value` when it is a plain object, else undefined. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `value` when it is an array, else an empty one. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An ISO-8601 date string as a Date; null when missing or unreadable. */
export function isoDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const milliseconds = Date.parse(value);
  return Number.isNaN(milliseconds) ? null : milliseconds;
}

/** Collapses runs of whitespace to one space and trims (titles). */
export function oneLine(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
