import { escapeText } from 'entities/escape';
import {
  SUMMARY_EXAMPLES,
  type DuplicateMode,
  type ImportSummary,
  type SkipReason,
} from '../../../contract/bookmarks-io.ts';
import { MAX_COLLECTION_DEPTH } from '../../../contract/collections.ts';
import { POST_TITLE_MAX } from '../../../contract/posts.ts';
import { truncate } from '../../lib/truncate.ts';
import { normalizeUrl } from '../../lib/url-key.ts';
import { linkPostFields, postContentFields } from '../posts/post-content.ts';
import { searchDocument } from '../search/search-document.ts';
import type { BookmarkFile, BookmarkNode } from './netscape-reader.ts';

/**
 * Deepest folder level an import creates as collections (the collection it lands in is level 1);
 * folders below it add their bookmarks to their ancestor at this level. The collection depth
 * limit, so a crafted file cannot make a tree deeper than the API allows.
 */
export const MAX_IMPORT_DEPTH = MAX_COLLECTION_DEPTH;

const UNNAMED_FOLDER = 'Unnamed folder';

/** Entries planned between two pauses: a few milliseconds of work. */
const PLAN_SLICE = 500;

/** A folder to create (or, importing into an existing collection, to find there by name). */
export interface PlannedFolder {
  /** Index of the parent folder in the plan; null = the collection the import lands in. */
  parent: number | null;
  name: string;
  /** Milliseconds since the epoch. */
  addDate: number | null;
}

/**
 * A bookmark to create as a link post, or a note (Shaarli's) to create as a text post: only what
 * the file said, in a compact form, so that a plan of 100,000 posts stays small; the stored
 * columns are worked out batch by batch as the posts are written (`plannedPostColumns`).
 */
export interface PlannedPost {
  /** Index of its folder in the plan; null = the collection the import lands in. */
  folder: number | null;
  /**
   * WHATWG-serialised URL (host lower-cased, spaces percent-encoded); duplicates are found by
   * its `normalizeUrl` (PRODUCT.md#duplicate-check). Null for a note.
   */
  url: string | null;
  /** At most POST_TITLE_MAX characters; a bookmark's URL when it had none, `''` for a blank note. */
  title: string;
  description: string | null;
  tags: string[];
  /** The file's dates (else the plan's `now`), in milliseconds since the epoch. */
  created: number;
  updated: number;
}

/** What an import will do, worked out from the file alone, before any database work. */
export interface ImportPlan {
  /** Folders in depth-first file order: every parent comes before its children. */
  folders: PlannedFolder[];
  /** Posts in file order. With `skip`, later repeats of a URL in the file are left out. */
  posts: PlannedPost[];
  skipped: ImportSummary['skipped'];
  /** Repeats of a URL within the file (left out, or kept with `keep`). */
  duplicatesInFile: number;
  examples: ImportSummary['examples'];
}

const reasonField = {
  'unsupported-scheme': 'unsupported_scheme',
  'missing-url': 'missing_url',
  'invalid-url': 'invalid_url',
} as const satisfies Record<SkipReason, string>;

/**
 * Plans the import of a read file: flattens the folder tree (folders below MAX_IMPORT_DEPTH fold
 * into their ancestor there; blank folder names become "Unnamed folder"), turns each bookmark into
 * a post (URL serialised the way browsers store it, title cut to the API's limit) and each note
 * into a text post, finds URLs repeated within the file (`duplicates`: `skip` keeps the first,
 * `keep` keeps all) and counts skipped entries by reason. Iterative, so any depth and size
 * works; it consumes `file` (its lists of entries are emptied as they are planned). No database
 * work. It pauses (yields) after every few hundred entries, so that the caller can let
 * other work run (`inTurns`): 100,000 bookmarks take over a second.
 *
 * @param now ISO instant for posts whose entry has no date.
 * @returns the plan, as the generator's return value.
 */
export function* planImport(
  file: BookmarkFile,
  duplicates: DuplicateMode,
  now: string,
): Generator<void, ImportPlan> {
  const folders: PlannedFolder[] = [];
  const posts: PlannedPost[] = [];
  const examples: ImportSummary['examples'] = { skipped: [], duplicates: [] };
  const seen = new Set<string>();
  let duplicatesInFile = 0;
  // Tag names repeat across a file: each post holds the one string of each name instead of a
  // copy of its own (100,000 bookmarks with 1.5 tags each: 4 MB less while the save runs).
  const tagNames = new Map<string, string>();
  const once = (name: string) => {
    const known = tagNames.get(name);
    if (known !== undefined) return known;
    tagNames.set(name, name);
    return name;
  };

  const nowMs = Date.parse(now);

  // Depth-first in file order with an explicit stack of sibling lists being walked. Each list is
  // reversed once and emptied from its end, so that every entry is let go of once planned: the
  // tree shrinks as the plan grows, instead of both being held whole.
  const level = (nodes: BookmarkNode[], folder: number | null, depth: number) => ({
    pending: nodes.reverse(),
    folder,
    depth,
  });
  const stack = [level(file.roots, null, 1)];
  let planned = 0;
  while (stack.length > 0) {
    if (++planned % PLAN_SLICE === 0) yield;
    const current = stack[stack.length - 1]!;
    const node = current.pending.pop();
    if (node === undefined) {
      stack.pop();
      continue;
    }
    if (node.kind === 'folder') {
      if (current.depth >= MAX_IMPORT_DEPTH) {
        stack.push(level(node.children, current.folder, current.depth));
        continue;
      }
      folders.push({
        parent: current.folder,
        name: truncate(node.title.trim(), 255).trim() || UNNAMED_FOLDER,
        addDate: node.addDate,
      });
      stack.push(level(node.children, folders.length - 1, current.depth + 1));
      continue;
    }
    const created = node.addDate ?? nowMs;
    const tags = node.tags;
    for (let index = 0; index < tags.length; index++) tags[index] = once(tags[index]!);
    const plannedPost = (url: URL | null, title: string): PlannedPost => ({
      folder: current.folder,
      url: url && url.href,
      title,
      description: node.description,
      tags,
      created,
      updated: node.lastModified ?? created,
    });
    if (node.kind === 'note') {
      posts.push(plannedPost(null, truncate(node.title, POST_TITLE_MAX).trim()));
      continue;
    }
    const parsed = new URL(node.url);
    const url = parsed.href;
    const title = truncate(node.title, POST_TITLE_MAX).trim() || url;
    const key = normalizeUrl(url);
    if (seen.has(key)) {
      duplicatesInFile += 1;
      if (examples.duplicates.length < SUMMARY_EXAMPLES) {
        examples.duplicates.push({ title, url, where: 'file' });
      }
      if (duplicates === 'skip') continue;
    }
    seen.add(key);
    posts.push(plannedPost(parsed, title));
  }

  const skipped = { total: 0, unsupported_scheme: 0, missing_url: 0, invalid_url: 0 };
  for (const entry of file.skipped) {
    skipped.total += 1;
    skipped[reasonField[entry.reason]] += 1;
    if (examples.skipped.length < SUMMARY_EXAMPLES) {
      examples.skipped.push({ title: entry.title, url: entry.href, reason: entry.reason });
    }
  }
  return { folders, posts, skipped, duplicatesInFile, examples };
}

/**
 * The stored columns of a planned post, worked out when its batch is written: content fields as
 * the posts feature makes them (a note's content is HTML of its text, which the sanitizer has the
 * last word on), its search document, so that imported posts can be found at once, and its dates
 * as ISO 8601.
 */
export function plannedPostColumns(post: PlannedPost) {
  const fields =
    post.url === null
      ? postContentFields(noteContent(post.description ?? post.title), post.title)
      : // The origin is worked out here, not kept in the plan: a string per post, it took 6 MB
        // of 100,000 bookmarks' plan (V8 keeps it as its parts), against 0.1 s to parse again.
        linkPostFields(new URL(post.url), post.title);
  return {
    ...fields,
    description: post.description,
    ...searchDocument({ ...fields, description: post.description, tagNames: post.tags }),
    created_at: new Date(post.created).toISOString(),
    updated_at: new Date(post.updated).toISOString(),
  };
}

/** Name of the collection an import lands in: the file name without its extension. */
export function importCollectionName(fileName: string | undefined): string {
  const base = (fileName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return truncate(base || 'Imported bookmarks', 255);
}

/**
 * The HTML of a note's text: paragraphs at blank lines, line breaks and indentation kept,
 * everything escaped (the text is plain text, whatever it looks like).
 */
export function noteContent(text: string): string {
  return (
    text
      .trim()
      .split(/\n(?:[ \t]*\n)+/)
      // Indentation is kept (lists, code): only line ends are trimmed.
      .map((paragraph) => `<p>${escapeText(paragraph.trimEnd()).replaceAll('\n', '<br>')}</p>`)
      .join('')
  );
}
