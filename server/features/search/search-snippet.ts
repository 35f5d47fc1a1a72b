import { plainTextOf } from '../posts/post-content.ts';
import { foldCase } from './search-query.ts';
import type { SearchableFields } from './search-document.ts';

/** Where a search matched: a short excerpt and the [start, end) ranges of the match in it. */
export interface SearchSnippet {
  field: 'title' | 'text' | 'url' | 'description' | 'tags' | 'page';
  snippet: string;
  ranges: [number, number][];
}

/** Characters of context on each side of the first match in a long field. */
const CONTEXT = 60;

function rangesOf(text: string, terms: readonly string[]): [number, number][] {
  const folded = foldCase(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping matches become one range.
  return ranges.reduce<[number, number][]>((merged, range) => {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
    return merged;
  }, []);
}

/** `value` cut to an excerpt around the first match of `terms`, every match in it marked. */
function excerpt(
  field: SearchSnippet['field'],
  value: string,
  terms: readonly string[],
): SearchSnippet | undefined {
  const ranges = rangesOf(value, terms);
  if (ranges.length === 0) return undefined;
  const start = Math.max(0, ranges[0]![0] - CONTEXT);
  const end = Math.min(value.length, ranges[0]![1] + CONTEXT * 2);
  const prefix = start > 0 ? '…' : '';
  const snippet = `${prefix}${value.slice(start, end)}${end < value.length ? '…' : ''}`;
  const shift = prefix.length - start;
  return {
    field,
    snippet,
    ranges: ranges
      .filter(([from, to]) => from >= start && to <= end)
      .map(([from, to]) => [from + shift, to + shift]),
  };
}

/**
 * The first field (title, text, description, URL, tags) where a term occurs, cut to an excerpt
 * around the first match, with every match in it marked; undefined when none does (a match
 * through `tag:` or the page text only, say). Offsets are in UTF-16 units of `snippet`.
 */
export function searchSnippet(
  fields: SearchableFields,
  terms: readonly string[],
): SearchSnippet | undefined {
  if (terms.length === 0) return undefined;
  // Read in turn, so a post found by its title never has its content parsed.
  const candidates: [SearchSnippet['field'], () => string][] = [
    ['title', () => fields.title ?? ''],
    ['text', () => plainTextOf(fields.content)],
    ['description', () => fields.description ?? ''],
    ['url', () => fields.url ?? ''],
    ['tags', () => fields.tagNames.join(', ')],
  ];
  for (const [field, read] of candidates) {
    const found = excerpt(field, read(), terms);
    if (found) return found;
  }
  return undefined;
}

/**
 * The passage of a page copy's text (PRODUCT.md#page-copies) where a term first occurs, as
 * {@link searchSnippet} cuts it; undefined without a match.
 */
export function pageSnippet(text: string, terms: readonly string[]): SearchSnippet | undefined {
  return terms.length === 0 ? undefined : excerpt('page', text, terms);
}
