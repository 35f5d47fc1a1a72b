import { SearchX, TextSearch } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../app/page-header.tsx';
import { usePermissionOfCollection } from '../features/collections/collection-permission.ts';
import { flattenTree } from '../features/collections/collection-tree.ts';
import { useCollectionTree } from '../features/collections/collections.queries.ts';
import { PostResults } from '../features/posts/post-results.tsx';
import { useSearchPosts } from '../features/posts/posts.queries.ts';
import { SearchBar, type SearchScope } from '../features/search/search-bar.tsx';
import { SearchMatch } from '../features/search/search-match.tsx';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { EmptyState } from '../ui/empty-state.tsx';

/** Pause in typing after which the search runs by itself. */
const TYPING_PAUSE_MS = 300;

/**
 * `/search` (SPEC §2 Search): the search bar with collection scope, and the matching posts as
 * cards with the match highlighted. The query language (`tag:`, `type:`, "phrase", -word) goes
 * to the server as typed.
 */
export function SearchRoute() {
  const tree = useCollectionTree().data;
  const collections = tree
    ? flattenTree([...tree.collections, ...tree.shared]).map(({ collection }) => collection)
    : [];
  const [text, setText] = useState('');
  const [scope, setScope] = useState<SearchScope | null>(null);
  const [filter, flush] = useDebouncedValue(text, TYPING_PAUSE_MS);
  const results = useSearchPosts(filter, scope?.id ?? null);
  const permissionOf = usePermissionOfCollection();
  const searching = filter.trim() !== '' || scope !== null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader title="Search" />
      <SearchBar
        text={text}
        onTextChange={setText}
        onSubmit={flush}
        scope={scope}
        onScopeChange={setScope}
        collections={collections}
      />
      {searching ? (
        <PostResults
          query={results}
          label="Search results"
          empty={{ icon: SearchX, title: 'No search results' }}
          permissionOf={(post) => permissionOf(post.collection_id)}
          footerOf={(post) => post.search && <SearchMatch match={post.search} />}
        />
      ) : (
        <EmptyState
          icon={TextSearch}
          title="Search your posts"
          description={
            <>
              Titles, notes, links, descriptions and tags. Narrow it down with <code>tag:name</code>
              , <code>type:link</code> or <code>type:text</code>, <code>"an exact phrase"</code> and{' '}
              <code>-word</code> to leave a word out; pick a collection to search only there.
            </>
          }
        />
      )}
    </div>
  );
}
