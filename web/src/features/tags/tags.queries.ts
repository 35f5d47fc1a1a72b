import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountedTag, Tag } from '../../../../contract/tags.ts';
import { tagEndpoints } from '../../../../contract/tags.ts';
import { callApi } from '../../lib/api-client.ts';
import { postKeys } from '../posts/posts.queries.ts';

/** Query keys of the tags feature. */
export const tagKeys = {
  all: ['tags'] as const,
  detail: (id: number) => ['tags', 'detail', id] as const,
  /** The id of the tag that tag `id` merged into during this visit (its pages lead there). */
  mergedInto: (id: number) => ['tags', 'merged-into', id] as const,
};

/** The user's tags, by name, each with its post count (GET /api/tags). */
export const tagsQuery = queryOptions({
  queryKey: tagKeys.all,
  queryFn: async ({ signal }) => (await callApi(tagEndpoints.list, { signal })).data,
});

/** The user's tags, for the tag list and the tag picker. */
export function useTags() {
  return useQuery(tagsQuery);
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
 * The tag that tag `id` merged into during this visit, if it did: read when a tag's page opens,
 * so going Back to the page of a merged tag leads to the one that stayed.
 */
export function useMergedInto(id: number | undefined): number | undefined {
  const queryClient = useQueryClient();
  return id === undefined ? undefined : queryClient.getQueryData<number>(tagKeys.mergedInto(id));
}

/**
 * Creates a tag (POST /api/tags) or renames one (PATCH /api/tags/{id}) when `id` is given;
 * 409 when a new tag's name is taken, ignoring case. A rename to the name of another of the
 * user's tags merges the two (docs/API.md): the answer is the other tag, which stays; the renamed
 * one leaves the list. Posts show tag names: they refetch.
 */
export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id?: number; name: string }) =>
      (id === undefined
        ? await callApi(tagEndpoints.create, { body: { name } })
        : await callApi(tagEndpoints.update, { params: { id }, body: { name } })
      ).data,
    onSuccess: (tag, { id }) => {
      queryClient.setQueryData(tagKeys.detail(tag.id), tag);
      if (id !== undefined && id !== tag.id) {
        queryClient.setQueryData<CountedTag[]>(tagKeys.all, (tags) =>
          tags?.filter((other) => other.id !== id),
        );
        queryClient.setQueryData(tagKeys.mergedInto(id), tag.id);
      }
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
