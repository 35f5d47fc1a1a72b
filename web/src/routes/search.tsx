import { TextSearch } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { flattenTree } from '../features/collections/collection-tree.ts';
import { useCollectionTree } from '../features/collections/collections.queries.ts';
import { SearchBar, type SearchScope } from '../features/search/search-bar.tsx';
import { SearchResults } from '../features/search/search-results.tsx';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { EmptyState } from '../ui/empty-state.tsx';

/** Pause in typing after which the search runs by itself. */
const TYPING_PAUSE_MS = 300;

/** The search in the address: `/search?q={text}&collection={id}`. */
interface SearchState {
  text: string;
  collectionId: number | null;
}

function searchFromParams(params: URLSearchParams): SearchState {
  const collection = params.get('collection');
  const collectionId = collection !== null && /^\d+$/.test(collection) ? Number(collection) : null;
  return { text: params.get('q') ?? '', collectionId };
}

function paramsOf({ text, collectionId }: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (text.trim()) params.set('q', text);
  if (collectionId !== null) params.set('collection', String(collectionId));
  return params;
}

/**
 * `/search` (PRODUCT.md#search): the search bar with collection scope, and the matching posts as
 * cards with the match highlighted. The query language (`tag:`, `type:`, "phrase", -word) goes
 * to the server as typed. The search lives in the address (`?q=…&collection=…`), so it can be
 * bookmarked and reloaded: a pause in typing replaces the address, Enter or a change of scope
 * adds a history entry, and Back or Forward brings the earlier search back into the bar.
 */
export function SearchRoute() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Back and Forward start the bar afresh from the address; the page's own changes do not.
  const [seen, setSeen] = useState(location.key);
  const [generation, setGeneration] = useState(0);
  if (seen !== location.key) {
    setSeen(location.key);
    if (navigationType === NavigationType.Pop) setGeneration(generation + 1);
  }
  return <SearchView key={generation} />;
}

function SearchView() {
  const tree = useCollectionTree().data;
  const collections = tree
    ? flattenTree([...tree.collections, ...tree.shared]).map(({ collection }) => collection)
    : [];
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const [text, setText] = useState(search.text);
  const [settled] = useDebouncedValue(text, TYPING_PAUSE_MS);
  const commitTyping = useEffectEvent((typed: string) => {
    if (typed !== search.text) setParams(paramsOf({ ...search, text: typed }), { replace: true });
  });
  useEffect(() => commitTyping(settled), [settled]);

  const scope: SearchScope | null =
    search.collectionId === null
      ? null
      : (collections.find((collection) => collection.id === search.collectionId) ?? {
          id: search.collectionId,
          name: tree ? 'Unknown collection' : '…',
        });
  const searching = search.text.trim() !== '' || search.collectionId !== null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader title="Search" />
      <SearchBar
        text={text}
        onTextChange={setText}
        onSubmit={() => setParams(paramsOf({ ...search, text }))}
        scope={scope}
        onScopeChange={(next) => setParams(paramsOf({ text, collectionId: next?.id ?? null }))}
        collections={collections}
      />
      {searching ? (
        <SearchResults text={search.text} collectionId={search.collectionId} />
      ) : (
        <EmptyState
          icon={TextSearch}
          title="Search your posts"
          description={
            <>
              Titles, notes, links, descriptions and tags. Narrow it down with <code>tag:name</code>
              , <code>type:link</code> or <code>type:text</code>, <code>is:favorite</code>,{' '}
              <code>"an exact phrase"</code> and <code>-word</code> to leave a word out; pick a
              collection to search only there.
            </>
          }
        />
      )}
    </div>
  );
}
