import type { Post } from '../../../../contract/posts.ts';
import { snippetParts } from './search-text.ts';

const fieldNames: Record<NonNullable<Post['search']>['field'], string> = {
  title: 'Title',
  text: 'Text',
  url: 'URL',
  description: 'Description',
  tags: 'Tags',
  page: 'Page',
};

/**
 * Where a search result matched (PRODUCT.md#search, results with the match highlighted): the field,
 * and the server's snippet with each match marked. A match in the title shows nothing more: the
 * card's title is right above.
 */
export function SearchMatch({ match }: { match: NonNullable<Post['search']> }) {
  if (match.field === 'title') return null;
  return (
    <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted [overflow-wrap:anywhere]">
      <span className="mr-1.5 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        {fieldNames[match.field]}
      </span>
      {snippetParts(match.snippet, match.ranges).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-peach text-on-peach">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
