import type { Post } from '../../../../contract/posts.ts';

/** PRODUCT.md#limits: collections suggested while the search input is empty. */
const EMPTY_INPUT_SUGGESTIONS = 4;

/**
 * The collections the search bar suggests as a scope (PRODUCT.md#search): the first 4 when the
 * input is empty, else every one whose name contains the text, ignoring case.
 */
export function collectionSuggestions<C extends { name: string }>(
  collections: readonly C[],
  text: string,
): C[] {
  const typed = text.trim().toLowerCase();
  if (!typed) return collections.slice(0, EMPTY_INPUT_SUGGESTIONS);
  return collections.filter((collection) => collection.name.toLowerCase().includes(typed));
}

/** A piece of a search snippet: matched text is highlighted. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * A snippet cut into plain and matched pieces by the server's [start, end) ranges (UTF-16
 * offsets). Ranges out of bounds are clipped; empty, overlapping or out-of-order ones skipped.
 */
export function snippetParts(
  snippet: string,
  ranges: NonNullable<Post['search']>['ranges'],
): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(rawStart, at);
    const end = Math.min(rawEnd, snippet.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), match: false });
    parts.push({ text: snippet.slice(start, end), match: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  return parts;
}
