import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../contract/posts.ts';
import { postEndpoints } from '../../../../contract/posts.ts';
import { callApi } from '../../lib/api-client.ts';
import { postKeys, usePagedPosts, type PostPages, type PostsInView } from './posts.queries.ts';

/** Query keys of the Favourites list: one of the lists other than a collection's (`reads`). */
export const favoriteKeys = {
  all: [...postKeys.reads, 'favorites'] as const,
  page: (pageSize: number) => [...postKeys.reads, 'favorites', { pageSize }] as const,
};

/**
 * PRODUCT.md#favourites: the posts the user starred in every collection they may read, last
 * starred first (`GET /api/posts?favorites=true`), by cursor like every list.
 */
export function useFavoritePosts(pageSize: number, inView?: PostsInView) {
  return usePagedPosts(favoriteKeys.page(pageSize), { favorites: true }, pageSize, { inView });
}

/** `data` of a posts query with post `id` starred or not: a paged list, or one post. */
function withFavorite(data: unknown, id: number, favorite: boolean): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  if ('pages' in data) {
    const pages = (data as PostPages).pages.map((page) =>
      page.some((post) => post.id === id)
        ? page.map((post) => (post.id === id ? { ...post, is_favorite: favorite } : post))
        : page,
    );
    return { ...data, pages };
  }
  const post = data as Post;
  return post.id === id && 'is_favorite' in post ? { ...post, is_favorite: favorite } : data;
}

/** Shows post `id` starred or not in every cached list and post. */
function showFavorite(queryClient: QueryClient, id: number, favorite: boolean) {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: postKeys.all })) {
    const next = withFavorite(data, id, favorite);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/**
 * Stars a post or takes the star off (PATCH /api/posts/{id} with `is_favorite` alone, allowed to
 * anyone who may read the post, PRODUCT.md#favourites). Every list and post on screen shows the
 * change at once, and the star goes back when the server refuses; the Favourites list is read
 * again after.
 * Not one of the post writes (`postKeys.writes`): the post itself does not change.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: number; favorite: boolean }) =>
      (await callApi(postEndpoints.update, { params: { id }, body: { is_favorite: favorite } }))
        .data,
    onMutate: ({ id, favorite }) => showFavorite(queryClient, id, favorite),
    // Only the star goes back: the lists may have been read again meanwhile.
    onError: (_error, { id, favorite }) => showFavorite(queryClient, id, !favorite),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
