import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '../../../../contract/endpoint.ts';
import { feedEndpoints, type NewFeedToken } from '../../../../contract/feeds.ts';
import { callApi } from '../../lib/api-client.ts';
import { notify } from '../../ui/notify.tsx';

/** Query keys of the feeds feature. */
export const feedKeys = {
  token: ['feed-token'] as const,
  /**
   * The feed token made during this visit: the server keeps only its hash, so this is the one
   * place the web app knows it from (it is never stored in the browser).
   */
  newToken: ['feed-token', 'new'] as const,
};

/** When the user's feed token was made, or null (GET /api/feed-token). */
export function useFeedToken() {
  return useQuery({
    queryKey: feedKeys.token,
    queryFn: async ({ signal }) => (await callApi(feedEndpoints.feedToken, { signal })).data,
  });
}

/** The feed token made during this visit, if one was (see `feedKeys.newToken`). */
export function useNewFeedToken(): NewFeedToken | undefined {
  return (
    useQuery({
      queryKey: feedKeys.newToken,
      queryFn: () => null as NewFeedToken | null,
      enabled: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? undefined
  );
}

/**
 * Makes a new feed token (POST /api/feed-token); the old one, and every feed URL made from it,
 * stops working. The new token is kept for this visit; a failure is notified.
 */
export function useRegenerateFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(feedEndpoints.regenerateFeedToken)).data,
    onSuccess: (created) => {
      queryClient.setQueryData(feedKeys.newToken, created);
      queryClient.setQueryData(feedKeys.token, { created_at: created.created_at });
    },
    onError: () =>
      notify({ type: 'error', title: 'Error', description: 'No feed token was made. Try again.' }),
  });
}

/** The feed URL of a collection for the user with `feedToken` (PRODUCT.md#feeds). */
export function collectionFeedUrl(feedToken: string, collectionId: number): string {
  return `${location.origin}${endpointUrl(feedEndpoints.collectionFeed, { feed_token: feedToken, id: collectionId })}`;
}
