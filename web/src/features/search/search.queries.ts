import { postKeys, usePagedPosts, type PostsInView } from '../posts/posts.queries.ts';

/**
 * PRODUCT.md#search: the posts matching `filter` (the query language passes through), in the
 * collection `collectionId` and below it when given (null = everywhere), each with the server's
 * snippet of the match. Read by cursor like every list, `pageSize` at a time (`after_id` = the
 * last result of the previous page, docs/API.md Search). Runs only with a filter or a
 * collection; the previous results stay while the next ones load, so typing does not flash the
 * list. Pending link previews refresh by page.
 */
export function useSearchPosts(
  filter: string,
  collectionId: number | null,
  pageSize: number,
  inView?: PostsInView,
) {
  const trimmed = filter.trim();
  return usePagedPosts(
    postKeys.search(trimmed, collectionId, pageSize),
    {
      filter: trimmed || undefined,
      collection_id: collectionId ?? undefined,
      withDescendants: collectionId !== null || undefined,
    },
    pageSize,
    { inView, enabled: trimmed !== '' || collectionId !== null, keepPrevious: true },
  );
}
