import { SearchX } from 'lucide-react';
import { useRef } from 'react';
import { usePermissionOfCollection } from '../collections/collection-permission.ts';
import { usePageSize } from '../posts/post-list.tsx';
import { PagedPostResults } from '../posts/post-results.tsx';
import type { PostsInView } from '../posts/posts.queries.ts';
import { SearchMatch } from './search-match.tsx';
import { useSearchPosts } from './search.queries.ts';

/**
 * The results of a search (PRODUCT.md#search): post cards with the match highlighted, a screenful
 * drawn at a time, the next page read as the end of the list comes into view; they can be chosen
 * for a bulk edit.
 */
export function SearchResults({
  text,
  collectionId,
}: {
  text: string;
  collectionId: number | null;
}) {
  const inViewRef = useRef<PostsInView | null>(null);
  const results = useSearchPosts(
    text,
    collectionId,
    usePageSize(),
    () => inViewRef.current?.() ?? null,
  );
  const permissionOf = usePermissionOfCollection();
  return (
    <PagedPostResults
      list={results}
      inViewRef={inViewRef}
      label="Search results"
      empty={{ icon: SearchX, title: 'No search results' }}
      permissionOf={(post) => permissionOf(post.collection_id)}
      footerOf={(post) => post.search && <SearchMatch match={post.search} />}
      selection={{ listKey: `${text} ${collectionId}` }}
    />
  );
}
