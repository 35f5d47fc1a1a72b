import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiTokenEndpoints, type createApiTokenBody } from '../../../../contract/api-tokens.ts';
import { callApi } from '../../lib/api-client.ts';

/** Query keys of the access tokens feature. */
const apiTokenKeys = { list: ['api-tokens'] as const };

/** The signed-in user's personal access tokens (PRODUCT.md#access-tokens), newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: async ({ signal }) => (await callApi(apiTokenEndpoints.list, { signal })).data,
  });
}

/** Creates a token (POST /api/tokens); the answer holds the token, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof createApiTokenBody>) =>
      (await callApi(apiTokenEndpoints.create, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}

/** Revokes a token (DELETE /api/tokens/{id}): refused from the next request on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(apiTokenEndpoints.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}
