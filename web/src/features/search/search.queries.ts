import { queryOptions, useQuery } from '@tanstack/react-query';
import { postEndpoints } from '../../../../contract/posts.ts';
import { callApi } from '../../lib/api-client.ts';
import { postKeys, type ListFilter } from '../posts/posts.queries.ts';
import {
  isPreviewPending,
  PREVIEW_REFRESH_ROUNDS,
  previewRefreshDelay,
} from '../posts/preview-refresh.ts';

/** Query of GET /api/posts read whole (limit 0), with tags, under `queryKey`. */
function readWholeQuery(queryKey: readonly unknown[], query: ListFilter) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) =>
      (await callApi(postEndpoints.list, { query: { ...query, limit: 0, withTags: true }, signal }))
        .data,
  });
}

/**
 * SPEC §2 Search: the posts matching `filter` (the query language passes through), in the
 * collection `collectionId` and below it when given (null = everywhere); all of them (limit 0),
 * each with the server's snippet of the match. Runs only with a filter or a collection. While a
 * result's link preview is pending the search is read again (one request, growing pauses).
 */
export function useSearchPosts(filter: string, collectionId: number | null) {
  const trimmed = filter.trim();
  return useQuery({
    ...readWholeQuery(postKeys.search(trimmed, collectionId), {
      filter: trimmed || undefined,
      collection_id: collectionId ?? undefined,
      withDescendants: collectionId !== null || undefined,
    }),
    enabled: trimmed !== '' || collectionId !== null,
    // The previous results stay while the next ones load, so typing does not flash the list.
    placeholderData: (previous) => previous,
    refetchInterval: (query) => {
      const reads = query.state.dataUpdateCount;
      const pending = query.state.data?.some(isPreviewPending) ?? false;
      return pending && reads <= PREVIEW_REFRESH_ROUNDS ? previewRefreshDelay(reads - 1) : false;
    },
  });
}
