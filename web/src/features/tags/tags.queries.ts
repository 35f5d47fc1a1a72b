import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '../../../../contract/tags.ts';
import { tagEndpoints } from '../../../../contract/tags.ts';
import { callApi } from '../../lib/api-client.ts';
import { postKeys } from '../posts/posts.queries.ts';

/** Query keys of the tags feature. */
export const tagKeys = {
  all: ['tags'] as const,
  detail: (id: number) => ['tags', 'detail', id] as const,
};

/** The user's tags, by name (GET /api/tags), for the tag list and the tag picker. */
export function useTags() {
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: async ({ signal }) => (await callApi(tagEndpoints.list, { signal })).data,
  });
}

/** One of the user's tags (GET /api/tags/{id}), taken from the list when it is loaded. */
export function useTag(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tagKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await callApi(tagEndpoints.get, { params: { id }, signal })).data,
    initialData: () => queryClient.getQueryData<Tag[]>(tagKeys.all)?.find((tag) => tag.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(tagKeys.all)?.dataUpdatedAt,
  });
}

/**
 * Creates a tag (POST /api/tags) or renames one (PATCH /api/tags/{id}) when `id` is given;
 * 409 when the user has one of that name, ignoring case. Posts show tag names: they refetch.
 */
export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id?: number; name: string }) =>
      (id === undefined
        ? await callApi(tagEndpoints.create, { body: { name } })
        : await callApi(tagEndpoints.update, { params: { id }, body: { name } })
      ).data,
    onSuccess: (tag) => {
      queryClient.setQueryData(tagKeys.detail(tag.id), tag);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]);
    },
  });
}

/** Deletes a tag (DELETE /api/tags/{id}); its posts keep existing without it. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => callApi(tagEndpoints.delete, { params: { id } }),
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<Tag[]>(tagKeys.all, (tags) => tags?.filter((tag) => tag.id !== id));
      queryClient.removeQueries({ queryKey: tagKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
