import { plainTextOf } from '../posts/post-content.ts';
import { foldCase } from './search-query.ts';

/** What a post is found by. */
export interface SearchableFields {
  title: string | null;
  content: string;
  url: string | null;
  description: string | null;
  tagNames: readonly string[];
}

/**
 * The case-folded text a post is searched in: its title, the text of its content (not the markup:
 * 'strong' does not find `<strong>`), URL, description and tag names (sorted, so the document does
 * not depend on the order tags come in), one per line, each only once (a link's content and often
 * its title are its URL: the index need not hold it thrice); and the title alone, which ranks
 * matches. Search terms hold no line break, so what a post is found by does not change.
 */
export function searchDocument(fields: SearchableFields): {
  search_title: string;
  search_text: string;
} {
  const title = foldCase(fields.title ?? '');
  const text = plainTextOf(fields.content);
  return {
    search_title: title,
    search_text: [
      ...new Set(
        [
          fields.title ?? '',
          text,
          fields.url ?? '',
          fields.description ?? '',
          fields.tagNames.map(foldCase).sort().join(' '),
        ]
          .filter(Boolean)
          .map(foldCase),
      ),
    ].join('\n'),
  };
}
