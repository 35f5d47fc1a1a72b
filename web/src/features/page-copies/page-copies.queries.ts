import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { endpointUrl } from '../../../../contract/endpoint.ts';
import { pageCopyEndpoints, type PageCopy } from '../../../../contract/page-copies.ts';
import { callApi } from '../../lib/api-client.ts';
import { useShareAccess } from '../shares/share-access.ts';

/** Query keys of the page-copies feature: one copy per post (and share token it is read with). */
export const pageCopyKeys = {
  detail: (postId: number, shareToken?: string) =>
    shareToken === undefined
      ? (['page-copies', postId] as const)
      : (['page-copies', postId, { shareToken }] as const),
};

/** How long a queued copy is polled for before the reader stops asking (10 minutes). */
export const COPY_POLL_LIMIT_MS = 10 * 60_000;

/**
 * Pause before the next read of a copy that has been queued for `queuedForMs`, in ms: every 2 s
 * for the first half minute (most pages are copied by then), then every 10 s; false once it has
 * been queued for {@link COPY_POLL_LIMIT_MS}, when the page stops asking until it is opened again.
 */
export function copyPollDelay(queuedForMs: number): number | false {
  if (queuedForMs >= COPY_POLL_LIMIT_MS) return false;
  return queuedForMs < 30_000 ? 2_000 : 10_000;
}

/**
 * A post's page copy (GET /api/posts/{id}/copy; through the public share when the page is seen
 * through one). While it is queued the one query of the reader is read again (copyPollDelay),
 * never once per card.
 */
export function usePageCopy(postId: number) {
  const shareToken = useShareAccess()?.token;
  const queuedSince = useRef<number | null>(null);
  return useQuery({
    queryKey: pageCopyKeys.detail(postId, shareToken),
    queryFn: async ({ signal }) =>
      (await callApi(pageCopyEndpoints.get, { params: { id: postId }, signal, bearer: shareToken }))
        .data,
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'queued') {
        queuedSince.current = null;
        return false;
      }
      queuedSince.current ??= Date.now();
      return copyPollDelay(Date.now() - queuedSince.current);
    },
  });
}

/**
 * Asks for a new copy of the post's page (POST /api/posts/{id}/copy, for those who may edit the
 * post); the queued copy the server answers with replaces the cached one, which starts polling.
 */
export function useRefreshPageCopy(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(pageCopyEndpoints.refresh, { params: { id: postId } })).data,
    onSuccess: (copy: PageCopy) => queryClient.setQueryData(pageCopyKeys.detail(postId), copy),
  });
}

/**
 * Where the raw snapshot of a post's page is served, for a sandboxed frame: a frame sends no
 * Authorization header, so the server takes the session cookie, or the share token in the query
 * (pageCopyEndpoints.snapshot).
 */
export function snapshotPath(postId: number, shareToken?: string): string {
  return endpointUrl(
    pageCopyEndpoints.snapshot,
    { id: postId },
    shareToken ? { token: shareToken } : undefined,
  );
}
