import { useQuery } from '@tanstack/react-query';
import { tagEndpoints } from '../../../../contract/tags.ts';
import { callApi } from '../../lib/api-client.ts';

/** Query keys of the tags feature. */
export const tagKeys = { all: ['tags'] as const };

/** The user's tags, by name (GET /api/tags), for the tag picker. */
export function useTags() {
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: async ({ signal }) => (await callApi(tagEndpoints.list, { signal })).data,
  });
}
