import { useQuery } from '@tanstack/react-query';
import { linkPreviewEndpoints } from '../../../../contract/link-preview.ts';
import { callApi } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';

/**
 * What a page says about itself (GET /api/meta), for the editor's unfurling links. Kept for the
 * visit: a page's title rarely changes while someone writes. Failures are only logged
 * (PRODUCT.md#messages).
 */
export function useLinkMeta(url: string, enabled = true) {
  return useQuery({
    queryKey: ['link-preview', 'meta', url] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(linkPreviewEndpoints.meta, { query: { url }, signal })).data;
      } catch (error) {
        logError(`link metadata of ${url}`, error);
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
