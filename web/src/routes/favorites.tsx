import { Star } from 'lucide-react';
import { useRef } from 'react';
import { PageHeader } from '../app/page-header.tsx';
import { usePermissionOfCollection } from '../features/collections/collection-permission.ts';
import { useFavoritePosts } from '../features/posts/favorites.queries.ts';
import { usePageSize } from '../features/posts/post-list.tsx';
import { PagedPostResults } from '../features/posts/post-results.tsx';
import type { PostsInView } from '../features/posts/posts.queries.ts';

/**
 * `/favorites` (PRODUCT.md#favourites): the posts the user starred in every collection they may
 * read, last starred first; each card's controls follow the user's permission on its collection.
 */
export function FavoritesRoute() {
  const inViewRef = useRef<PostsInView | null>(null);
  const posts = useFavoritePosts(usePageSize(), () => inViewRef.current?.() ?? null);
  const permissionOf = usePermissionOfCollection();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Favourites" />
      <PagedPostResults
        list={posts}
        inViewRef={inViewRef}
        label="Favourites"
        empty={{
          icon: Star,
          title: 'No favourites yet',
          description: 'Star a post with its star button to find it here, whatever its collection.',
        }}
        permissionOf={(post) => permissionOf(post.collection_id)}
        selection={{ listKey: 'favorites' }}
      />
    </div>
  );
}
