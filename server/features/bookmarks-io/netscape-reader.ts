/**
 * Reader for Netscape bookmark files (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`), the HTML format every
 * browser exports and imports. Pure: bytes in, a tree out; no database, no HTTP.
 *
 * The format has no real grammar: a folder is `<DT><H3>name</H3>` followed by a `<DL>` holding its
 * items, a bookmark is `<DT><A HREF=…>title</A>`, and a `<DD>` after either is its description.
 * Exporters leave `<DT>`/`<p>` unclosed, drop the root `<DL>`, wrap tags across lines and append
 * junk, so the reader tokenises with htmlparser2 and tracks the folder structure itself instead of
 * trusting an element tree (htmlparser2 is not an HTML5 tree builder, so its tree would not help).
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { TAG_NAME_MAX } from '../../../contract/tags.ts';
import { decodeHtml } from '../../lib/html-charset.ts';
import { withoutNul } from '../../lib/nul-character.ts';
import { truncate } from '../../lib/truncate.ts';

/*
 * Dates of entries are milliseconds since the epoch, not Date objects: an import holds every entry
 * of its file at once, and 100,000 bookmarks' two Dates each raised its peak by about 20 MB.
 */

export interface BookmarkFolder {
  kind: 'folder';
  /** Collapsed, trimmed `<H3>` text; `''` for an unnamed folder (the caller names it). */
  title: string;
  addDate: number | null;
  lastModified: number | null;
  /** Text of the `<DD>` after the `<H3>`, trimmed; null when there is none or it is blank. */
  description: string | null;
  children: BookmarkNode[];
}

export interface Bookmark {
  kind: 'bookmark';
  /** Collapsed, trimmed anchor text; the URL when the anchor text is blank. */
  title: string;
  /** The `HREF` as written (trimmed), always an absolute `http:` or `https:` URL. */
  url: string;
  addDate: number | null;
  lastModified: number | null;
  /** Text of the `<DD>` after the `<A>`: entities decoded, newlines kept, trimmed; null when blank. */
  description: string | null;
  /** From `TAGS`; see {@link parseTags}. */
  tags: string[];
}

/**
 * An entry whose HREF is only a query (`?KvNdlQ`): Shaarli's permalink of one of its notes, an
 * entry that has text but no address elsewhere. The import keeps it as a text post.
 */
export interface BookmarkNote {
  kind: 'note';
  /** Collapsed, trimmed anchor text; `''` when blank. */
  title: string;
  /** The HREF as written, e.g. `?KvNdlQ`. */
  href: string;
  addDate: number | null;
  lastModified: number | null;
  /** The note's text (its `<DD>`), as for bookmarks. */
  description: string | null;
  tags: string[];
}

export type BookmarkNode = BookmarkFolder | Bookmark | BookmarkNote;

export type SkipReason = 'unsupported-scheme' | 'missing-url' | 'invalid-url';

/** An `<A>` that did not become a bookmark. */
export interface SkippedBookmark {
  /** Collapsed anchor text, else the href, else `''`. */
  title: string;
  /** The trimmed `HREF`, or null when the anchor has none or an empty one. */
  href: string | null;
  reason: SkipReason;
}

export interface BookmarkFile {
  /** WHATWG name of the encoding the bytes were decoded with, e.g. `UTF-8`, `macintosh`. */
  encoding: string;
  /** Top-level folders and bookmarks, in file order. */
  roots: BookmarkNode[];
  /** Anchors that were dropped, in file order. */
  skipped: SkippedBookmark[];
}

/** What a text capture is collecting: the anchor text, a folder name, or a `<DD>` description. */
type Capture =
  | { kind: 'anchor'; attributes: Record<string, string>; text: string }
  | { kind: 'heading'; folder: BookmarkFolder; text: string }
  | { kind: 'description'; target: BookmarkNode; text: string };

/** Receives the tokens of an HTML text: tag and attribute names lower-cased, entities decoded. */
interface TokenHandler {
  openTag(name: string, attributes: Record<string, string>): void;
  closeTag(name: string): void;
  text(data: string): void;
}

/**
 * Elements whose content htmlparser2 tokenises as raw text; it is never bookmark text (e.g. the
 * Cloudflare `<script>` appended after the last `</DL>` of wallabag's Shaarli export).
 */
const RAW_TEXT_ELEMENTS = new Set([
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
]);

/**
 * Reads a Netscape bookmark file.
 *
 * @param bytes the file as uploaded, in any encoding (sniffed from a BOM or `<meta>` charset; when
 *   nothing usable is declared, UTF-8 if the bytes are valid UTF-8, else windows-1252).
 * @returns the folder tree (`roots`), the anchors that were dropped (`skipped`: non-web schemes,
 *   missing or unparsable hrefs) and the encoding used. Dates are `Date`s read from Unix times in
 *   seconds, milliseconds or microseconds; unreadable dates are null.
 *
 * Never throws: empty, non-bookmark or binary input gives `{ roots: [], skipped: [] }` or whatever
 * part of it was readable. Runs in time linear in the input and without recursion, so any nesting
 * depth works.
 */
export function readBookmarkFile(bytes: Uint8Array): BookmarkFile {
  const reader = openBookmarkFile(bytes);
  reader.read(Number.POSITIVE_INFINITY);
  return reader.finish();
}

/** A bookmark file being read a slice at a time (see {@link openBookmarkFile}). */
export interface BookmarkFileReader {
  /**
   * Reads up to `chars` more characters of the decoded text.
   * @returns true once the whole file has been read.
   */
  read(chars: number): boolean;
  /** Characters read so far, and the length of the decoded text. */
  readonly position: number;
  readonly length: number;
  /** Anchors read so far: bookmarks plus skipped ones. */
  readonly entries: number;
  /** True once a folder or a bookmark has been read: the file is a bookmark file. */
  hasContent(): boolean;
  /**
   * The whole result, as {@link readBookmarkFile} gives it; reads whatever is left first. Call it
   * once: the reader then lets go of the text and the result, so that they can be freed as soon
   * as the caller is done with them.
   */
  finish(): BookmarkFile;
}

/**
 * Opens a bookmark file for reading in slices, so that a large file (100,000 bookmarks take about
 * a second) can be read between other work instead of blocking the process, and so that a caller
 * can tell early whether the file holds anything (read until {@link BookmarkFileReader.hasContent}).
 * Decoding happens here, at once. The result equals {@link readBookmarkFile}'s, whatever the slices.
 */
export function openBookmarkFile(bytes: Uint8Array): BookmarkFileReader {
  const decoded = decodeBytes(bytes);
  const { encoding } = decoded;
  let { text } = decoded;
  const length = text.length;
  let builder = createTreeBuilder();
  let tokenizer = createTokenizer(text, builder);
  let position = 0;
  let ended = false;
  let entriesAtFinish: number | undefined;
  const read = (chars: number): boolean => {
    if (ended) return true;
    const end = Math.min(length, position + chars);
    // The tokenizer reports absolute positions, and the handler slices the whole text, so a tag
    // or an entity cut by a slice boundary still reads whole.
    if (end > position) tokenizer.write(text.slice(position, end));
    position = end;
    if (position >= length) {
      tokenizer.end();
      ended = true;
    }
    return ended;
  };
  return {
    read,
    get position() {
      return position;
    },
    length,
    get entries() {
      return entriesAtFinish ?? builder.entries;
    },
    hasContent: () => builder.hasContent(),
    finish() {
      read(Number.POSITIVE_INFINITY);
      const result = { encoding, ...builder.finish() };
      entriesAtFinish = builder.entries;
      // Nothing here may keep the text (tens of megabytes) or the tree alive any longer.
      text = '';
      builder = createTreeBuilder();
      tokenizer = createTokenizer(text, builder);
      return result;
    },
  };
}

/**
 * Builds the bookmark tree from tokens. The folder structure is tracked here rather than taken from
 * an element tree: a folder is an `<H3>` and the `<DL>` after it, whatever was left unclosed.
 */
function createTreeBuilder(): TokenHandler & {
  readonly entries: number;
  hasContent(): boolean;
  finish(): Omit<BookmarkFile, 'encoding'>;
} {
  const roots: BookmarkNode[] = [];
  const skipped: SkippedBookmark[] = [];
  // One entry per open <DL>: the list its items go into. A <DL> that follows an <H3> holds that
  // folder's children; any other <DL> (the root one, or a stray one) keeps the enclosing list.
  // roots stays at the bottom, so files without a root <DL> (Safari, legacy Shaarli) still work,
  // and a </DL> too many cannot pop it.
  const lists: BookmarkNode[][] = [roots];
  // The last folder whose <DL> has not opened yet: its items follow in the next <DL>.
  let pendingFolder: BookmarkFolder | null = null;
  // The node a following <DD> describes: the folder or bookmark just read.
  let describable: BookmarkNode | null = null;
  let capture: Capture | null = null;
  let inRawText = false;
  let entries = 0;

  const currentList = (): BookmarkNode[] => lists[lists.length - 1] ?? roots;

  const finishCapture = (): void => {
    if (capture === null) return;
    const done = capture;
    capture = null;
    if (done.kind === 'heading') {
      done.folder.title = collapseWhitespace(done.text);
    } else if (done.kind === 'description') {
      done.target.description = done.text.trim() || null;
    } else {
      entries += 1;
      const { attributes } = done;
      const result = bookmarkFrom({
        title: collapseWhitespace(done.text),
        // A Firefox live bookmark may have no site, only its feed: that is where it leads.
        href: attributes.href || attributes.feedurl,
        addDate: parseTimestamp(attributes.add_date),
        lastModified: parseTimestamp(attributes.last_modified),
        tags: parseTags(attributes.tags),
      });
      if (result.kind !== 'skipped') {
        currentList().push(result);
        describable = result;
      } else {
        skipped.push(result.skipped);
        describable = null;
      }
    }
  };

  return {
    openTag(name, attributes) {
      if (RAW_TEXT_ELEMENTS.has(name)) {
        inRawText = true;
        return;
      }
      switch (name) {
        case 'dt':
          finishCapture();
          pendingFolder = null;
          describable = null;
          break;
        case 'h3': {
          finishCapture();
          const folder: BookmarkFolder = {
            kind: 'folder',
            title: '',
            addDate: parseTimestamp(attributes.add_date),
            lastModified: parseTimestamp(attributes.last_modified),
            description: null,
            children: [],
          };
          currentList().push(folder);
          pendingFolder = folder;
          describable = folder;
          capture = { kind: 'heading', folder, text: '' };
          break;
        }
        case 'a':
          // An <a> inside a <DD> is part of the description (Shaarli appends a thumbnail link).
          if (capture?.kind === 'description') break;
          finishCapture();
          pendingFolder = null;
          describable = null;
          capture = { kind: 'anchor', attributes, text: '' };
          break;
        case 'dd':
          // A nested <dd> inside a description just continues it.
          if (capture?.kind === 'description') break;
          finishCapture();
          // A <DD> with nothing to describe (Netscape's stray one before the root <DL>) is ignored.
          if (describable !== null)
            capture = { kind: 'description', target: describable, text: '' };
          break;
        case 'dl':
          finishCapture();
          describable = null;
          lists.push(pendingFolder === null ? currentList() : pendingFolder.children);
          pendingFolder = null;
          break;
      }
    },
    closeTag(name) {
      if (RAW_TEXT_ELEMENTS.has(name)) {
        inRawText = false;
        return;
      }
      switch (name) {
        case 'a':
          if (capture?.kind === 'anchor') finishCapture();
          break;
        case 'h3':
          if (capture?.kind === 'heading') finishCapture();
          break;
        case 'dl':
          // Ends the innermost list, whatever was left open in it (<DT>, <DD>, <p>, an <A>).
          finishCapture();
          describable = null;
          pendingFolder = null;
          if (lists.length > 1) lists.pop();
          break;
      }
    },
    text(data) {
      if (capture !== null && !inRawText) capture.text += data;
    },
    get entries() {
      return entries;
    },
    hasContent: () => roots.length > 0,
    finish() {
      // A description or anchor still open at the end of input (files without a closing </DL>).
      finishCapture();
      return { roots, skipped };
    },
  };
}

/**
 * An htmlparser2 tokenizer over `html` (entities decoded, raw-text elements such as `<script>`
 * respected) that reports tags with lower-cased names; write `html` to it in order, in any slices.
 *
 * The tokenizer rather than htmlparser2's `Parser`: the reader needs only tokens, and the Parser's
 * open-element stack costs time quadratic in the nesting depth (Array#unshift per element), which
 * unclosed `<DT>`/`<DL>` tags drive up: a crafted 1.9 MB file took 28 s to parse.
 */
function createTokenizer(text: string, handler: TokenHandler): Tokenizer {
  // Let go of when the tokenizer ends. Being reassigned also keeps V8 from building the text
  // into the optimised code of the callbacks as a constant, where it would stay after the import.
  let html = text;
  let tagName = '';
  let attributes: Record<string, string> = {};
  let attributeName = '';
  let attributeValue = '';
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tagName = html.slice(start, end).toLowerCase();
      // No prototype, so an attribute named `__proto__` is just an attribute.
      attributes = Object.create(null) as Record<string, string>;
    },
    onattribname(start, end) {
      attributeName = html.slice(start, end).toLowerCase();
    },
    onattribdata(start, end) {
      attributeValue += ownCopy(html, start, end);
    },
    onattribentity(codePoint) {
      attributeValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      // The first of repeated attributes wins, as in browsers.
      if (!Object.hasOwn(attributes, attributeName)) attributes[attributeName] = attributeValue;
      attributeValue = '';
    },
    onopentagend() {
      handler.openTag(tagName, attributes);
    },
    onselfclosingtag() {
      // HTML ignores the slash: `<DT/>` opens a DT.
      handler.openTag(tagName, attributes);
    },
    onclosetag(start, end) {
      handler.closeTag(html.slice(start, end).toLowerCase());
    },
    ontext(start, end) {
      handler.text(ownCopy(html, start, end));
    },
    ontextentity(codePoint) {
      handler.text(String.fromCodePoint(codePoint));
    },
    // Comments, CDATA, the doctype and processing instructions hold no bookmarks.
    oncdata: ignoreToken,
    oncomment: ignoreToken,
    ondeclaration: ignoreToken,
    onprocessinginstruction: ignoreToken,
    onend() {
      html = '';
    },
  };
  return new Tokenizer({ decodeEntities: true }, callbacks);
}

/**
 * `html.slice(start, end)` in a string of its own. V8 makes a longer slice a view into `html`,
 * which keeps all of `html` (a whole file, tens of megabytes) alive as long as the slice: the
 * titles, addresses and descriptions read from a file would hold it until the last post is
 * written. Joined to a character and cut from it again, the slice is copied once.
 */
function ownCopy(html: string, start: number, end: number): string {
  return end - start < OWN_COPY_FROM
    ? html.slice(start, end)
    : ` ${html.slice(start, end)}`.slice(1);
}

/** Slices shorter than this are copies in V8 already (`SlicedString::kMinLength`). */
const OWN_COPY_FROM = 13;

function ignoreToken(): void {
  // Intentionally empty: see tokenize().
}

/**
 * Counts what a read file holds, for the import summary.
 *
 * @returns `folders` and `bookmarks` over the whole tree, and `tags`: the number of distinct tag
 *   names, compared ignoring case (tags are unique per user ignoring case, PRODUCT.md#tag).
 */
export function countBookmarkFile(file: BookmarkFile): {
  folders: number;
  bookmarks: number;
  tags: number;
} {
  let folders = 0;
  let bookmarks = 0;
  const tagNames = new Set<string>();
  // Iterative walk: the reader accepts any depth, so the counter must not recurse either.
  const pending: BookmarkNode[] = [...file.roots];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'folder') {
      folders += 1;
      for (const child of node.children) pending.push(child);
    } else if (node.kind === 'bookmark') {
      bookmarks += 1;
      for (const tag of node.tags) tagNames.add(tag.toLowerCase());
    }
  }
  return { folders, bookmarks, tags: tagNames.size };
}

/**
 * Splits a `TAGS` attribute value into tag names.
 *
 * A value with a comma is split on commas (Firefox, Shaarli, LinkAce, linkding:
 * `"dev, php dev"` → `['dev', 'php dev']`); a value without one is split on whitespace (Delicious
 * and old Shaarli: `"private secret"` → `['private', 'secret']`). The names are then cleaned as
 * {@link distinctTags} says.
 */
export function parseTags(value: string | undefined): string[] {
  if (value === undefined) return [];
  return distinctTags(value.includes(',') ? value.split(',') : value.split(/\s+/));
}

/**
 * Tag names as Nestmark keeps them: each trimmed and cut to {@link TAG_NAME_MAX} UTF-16 units
 * (never inside a surrogate pair), empty ones dropped, later duplicates ignoring case dropped (the
 * first spelling wins). For formats that give tags as a list.
 */
export function distinctTags(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const name of names) {
    const tag = truncate(name.trim(), TAG_NAME_MAX).trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  // Of exactly its length: an array grown by push keeps room for 17 (100,000 bookmarks' tags
  // took 14 MB instead of 3).
  return tags.slice();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads an `ADD_DATE` / `LAST_MODIFIED` value: a Unix time in seconds (browsers), milliseconds or
 * microseconds (Google Bookmarks writes 16-digit microseconds; linkding accepts all three).
 * The unit is decided by magnitude: below 10^11 seconds, below 10^14 milliseconds, below 10^17
 * microseconds (each bound is the year 5138 in that unit). Old Shaarli and Scuttle exports wrote
 * the Apache log format (`10/Oct/2000:13:55:36 +0300`), which is read too.
 *
 * @returns the instant in milliseconds since the epoch, or null for a missing, unreadable
 *   (`invaliddate`), zero, negative or absurdly large value: a bad date never costs the bookmark.
 */
export function parseTimestamp(value: string | undefined): number | null {
  if (value === undefined) return null;
  const digits = value.trim();
  if (!/^\d+$/.test(digits)) return parseLogDate(digits);
  const number = Number(digits);
  if (number === 0 || number >= 1e17) return null;
  return number < 1e11 ? number * 1000 : number < 1e14 ? number : Math.trunc(number / 1000);
}

/** An Apache log date (`10/Oct/2000:13:55:36 +0300`), or null. */
function parseLogDate(value: string): number | null {
  const match =
    /^(\d{1,2})\/([A-Za-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(value);
  const month = MONTHS.indexOf(match?.[2]?.toLowerCase() ?? '');
  if (!match || month === -1) return null;
  const [, day, , year, hours, minutes, seconds, sign, offsetHours, offsetMinutes] = match;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const utc = Date.UTC(
    Number(year),
    month,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  return utc - offset * 60_000;
}

/**
 * A bookmark from the fields of one entry of any bookmark format, or the reason it is skipped.
 *
 * @param entry.title the entry's title, already collapsed; blank falls back to the href.
 * @param entry.href the link as written (trimmed here); it must be an absolute `http:` or `https:`
 *   URL, else the entry is skipped as `missing-url`, `invalid-url` or `unsupported-scheme`, except
 *   a query-only HREF (`?KvNdlQ`, Shaarli's link to one of its notes), which makes it a note.
 * @param entry.tags distinct names, as {@link parseTags} gives them.
 */
export function bookmarkFrom(entry: {
  title: string;
  href: string | undefined | null;
  addDate?: number | null;
  lastModified?: number | null;
  description?: string | null;
  tags?: string[];
}): Bookmark | BookmarkNote | { kind: 'skipped'; skipped: SkippedBookmark } {
  const href = entry.href?.trim() || null;
  if (href?.startsWith('?')) {
    return {
      kind: 'note',
      title: entry.title,
      href,
      addDate: entry.addDate ?? null,
      lastModified: entry.lastModified ?? null,
      description: entry.description?.trim() || null,
      tags: entry.tags ?? [],
    };
  }
  const title = entry.title || href || '';
  if (href === null) return { kind: 'skipped', skipped: { title, href, reason: 'missing-url' } };
  const reason = checkUrl(href);
  if (reason !== null) return { kind: 'skipped', skipped: { title, href, reason } };
  return {
    kind: 'bookmark',
    title,
    url: href,
    addDate: entry.addDate ?? null,
    lastModified: entry.lastModified ?? null,
    description: entry.description?.trim() || null,
    tags: entry.tags ?? [],
  };
}

/** Null when `href` is an absolute http(s) URL; otherwise why it cannot be a bookmark. */
function checkUrl(href: string): SkipReason | null {
  let protocol: string;
  try {
    protocol = new URL(href).protocol;
  } catch {
    // Relative links (Shaarli's `?xxxx` notes) and junk (Firefox's test `b0rked`).
    return 'invalid-url';
  }
  // Not web pages: place: (Firefox smart folders), javascript: (bookmarklets), file:, ftp:, data:…
  return protocol === 'http:' || protocol === 'https:' ? null : 'unsupported-scheme';
}

/**
 * Decodes the file (server/lib/html-charset.ts: a BOM or a `<meta>` charset decides; otherwise
 * UTF-8 when the bytes are valid UTF-8, as every modern exporter writes, else windows-1252 for old
 * Windows exports). Invalid sequences become U+FFFD instead of throwing (IE for Mac's `x-mac-roman`
 * file is not valid UTF-8 and must still read).
 */
function decodeBytes(bytes: Uint8Array): { encoding: string; text: string } {
  const { encoding, text } = decodeHtml(bytes);
  // The HTML spec normalises CRLF and CR to LF before tokenising; htmlparser2 does not, and
  // descriptions keep their line breaks, so do it here (Chrome on Windows writes CRLF). NUL
  // characters go (server/lib/nul-character.ts).
  return { encoding, text: withoutNul(text.replace(/\r\n?/g, '\n')) };
}

/** Collapses runs of HTML whitespace to one space and trims (titles wrapped across lines). */
function collapseWhitespace(text: string): string {
  return text.replace(/[\t\n\f\r ]+/g, ' ').trim();
}
