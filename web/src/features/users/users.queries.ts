import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../../../contract/auth.ts';
import type { createUserBody, updateUserBody } from '../../../../contract/users.ts';
import { userEndpoints } from '../../../../contract/users.ts';
import { callApi } from '../../lib/api-client.ts';
import { authKeys } from '../auth/auth.queries.ts';

/** Query keys of the users feature. */
const userKeys = {
  list: ['users', 'list'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** Every user, by name (PRODUCT.md#users). */
const usersQuery = queryOptions({
  queryKey: userKeys.list,
  queryFn: async ({ signal }) => (await callApi(userEndpoints.list, { signal })).data,
});

/** The user list; every signed-in user may read it. */
export function useUsers() {
  return useQuery(usersQuery);
}

/**
 * Users whose name contains `search`, ignoring case, the caller left out (PRODUCT.md#validation,
 * for sharing). Disabled for blank input.
 */
export function useUserSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [...userKeys.list, { search: term }] as const,
    queryFn: async ({ signal }) =>
      (await callApi(userEndpoints.list, { query: { search: term }, signal })).data,
    enabled: term.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** One user (PRODUCT.md#users), first shown from the list when it is loaded. */
export function useUser(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await callApi(userEndpoints.get, { params: { id }, signal })).data,
    initialData: () => queryClient.getQueryData(usersQuery.queryKey)?.find((u) => u.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(userKeys.list)?.dataUpdatedAt,
  });
}

/** Keeps the caches that show `user` in step: its page, the list, and /me when it is oneself. */
function remember(queryClient: ReturnType<typeof useQueryClient>, user: User) {
  queryClient.setQueryData(userKeys.detail(user.id), user);
  queryClient.setQueryData(authKeys.me, (me: User | undefined) => (me?.id === user.id ? user : me));
  return queryClient.invalidateQueries({ queryKey: userKeys.list });
}

/** Creates a user (POST /api/users, owner only). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof createUserBody>) =>
      (await callApi(userEndpoints.create, { body })).data,
    onSuccess: (user) => remember(queryClient, user),
  });
}

/**
 * Changes a user (PATCH /api/users/{id}); `body` holds only what changed (PRODUCT.md#validation).
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: z.input<typeof updateUserBody> }) =>
      (await callApi(userEndpoints.update, { params: { id }, body })).data,
    onSuccess: (user) => remember(queryClient, user),
  });
}

/** Deletes a user and their data (DELETE /api/users/{id}, owner only). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(userEndpoints.delete, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.list });
    },
  });
}
