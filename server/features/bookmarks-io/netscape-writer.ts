/**
 * Writer for Netscape bookmark files, in the shape Chrome and Firefox export and import. Pure: a
 * tree in, HTML text out (encode it as UTF-8, which the file declares).
 */
import { escapeAttribute, escapeText } from 'entities/escape';
import type { Bookmark, BookmarkFolder, BookmarkNode, BookmarkNote } from './netscape-reader.ts';

const INDENT = '    ';

/**
 * Writes a bookmark tree as a Netscape bookmark file.
 *
 * @param roots top-level folders and bookmarks, written in order; folders as
 *   `<DT><H3 …>name</H3>` + `<DL><p>…</DL><p>`, bookmarks as `<DT><A HREF=… …>title</A>`, each
 *   followed by `<DD>description` when it has one; notes as Shaarli writes them (HREF `?…`).
 * @param options.title the `<TITLE>` and `<H1>` text; default "Bookmarks".
 * @returns the whole file as text (UTF-8 `<meta>`, LF line endings, 4-space indentation by depth).
 *   `ADD_DATE` / `LAST_MODIFIED` are Unix seconds (rounded down) and left out when null; `TAGS` is
 *   the tags joined with commas and left out when there are none. Every attribute value and text is
 *   escaped, so `&`, `<`, `>` and `"` read back unchanged; titles are kept on one line, descriptions
 *   keep their line breaks. Never recurses, so any depth can be written.
 */
export function writeBookmarkFile(roots: BookmarkNode[], options: { title?: string } = {}): string {
  const title = lineText(options.title ?? 'Bookmarks');
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${title}</TITLE>`,
    `<H1>${title}</H1>`,
    '<DL><p>',
  ];
  // Each entry is a <DL> being written: its nodes and how many of them are done.
  const open: { nodes: BookmarkNode[]; next: number }[] = [{ nodes: roots, next: 0 }];
  while (open.length > 0) {
    const list = open[open.length - 1]!;
    const indent = INDENT.repeat(open.length);
    const node = list.nodes[list.next];
    if (node === undefined) {
      open.pop();
      lines.push(`${INDENT.repeat(open.length)}</DL><p>`);
      continue;
    }
    list.next += 1;
    if (node.kind === 'folder') {
      lines.push(`${indent}<DT>${folderHeading(node)}`);
      if (node.description) lines.push(`${indent}<DD>${escapeText(node.description)}`);
      lines.push(`${indent}<DL><p>`);
      open.push({ nodes: node.children, next: 0 });
    } else {
      lines.push(`${indent}<DT>${anchor(node)}`);
      if (node.description) lines.push(`${indent}<DD>${escapeText(node.description)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function folderHeading(folder: BookmarkFolder): string {
  const attributes = dateAttributes(folder);
  return `<H3${attributes}>${lineText(folder.title)}</H3>`;
}

function anchor(bookmark: Bookmark | BookmarkNote): string {
  const href = bookmark.kind === 'note' ? bookmark.href : bookmark.url;
  let attributes = ` HREF="${attributeValue(href)}"${dateAttributes(bookmark)}`;
  if (bookmark.tags.length > 0) attributes += ` TAGS="${attributeValue(joinTags(bookmark.tags))}"`;
  return `<A${attributes}>${lineText(bookmark.title)}</A>`;
}

// Chrome's importer reads the file line by line and expects each <DT> entry on one line, so titles
// and attribute values must not break lines. Titles lose their line breaks (the reader collapses
// title whitespace anyway); attribute values keep theirs as character references.

function lineText(text: string): string {
  return escapeText(text.replace(/[\r\n]+/g, ' '));
}

function attributeValue(value: string): string {
  return escapeAttribute(value).replaceAll('\r', '&#13;').replaceAll('\n', '&#10;');
}

/** ` ADD_DATE="…" LAST_MODIFIED="…"` in Unix seconds, each left out when null or invalid. */
function dateAttributes(node: BookmarkNode): string {
  let attributes = '';
  const added = unixSeconds(node.addDate);
  if (added !== null) attributes += ` ADD_DATE="${added}"`;
  const modified = unixSeconds(node.lastModified);
  if (modified !== null) attributes += ` LAST_MODIFIED="${modified}"`;
  return attributes;
}

function unixSeconds(milliseconds: number | null): number | null {
  return milliseconds === null || Number.isNaN(milliseconds)
    ? null
    : Math.floor(milliseconds / 1000);
}

/**
 * Joins tags with commas. Readers split a comma-free `TAGS` on whitespace (Delicious's format), so
 * a lone tag containing a space gets a trailing comma to stay one tag; the empty name after it is
 * dropped on import. A tag that itself contains a comma cannot survive this format.
 */
function joinTags(tags: string[]): string {
  const joined = tags.join(',');
  return tags.length === 1 && /\s/.test(joined) ? `${joined},` : joined;
}
