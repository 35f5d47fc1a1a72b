import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { collectionEndpoints } from '../../../../contract/collections.ts';
import { callApi } from '../../lib/api-client.ts';
import { postKeys } from '../posts/posts.queries.ts';
import { logError } from '../../lib/log.ts';
import { collectionKeys } from './collection-keys.ts';
import {
  asTreeListing,
  findInTree,
  moveInTree,
  UNCATEGORIZED_ID,
  type TreeDrop,
} from './collection-tree.ts';

/**
 * The caller's collections as a tree, plus the ones shared with them (API.md), each with its post
 * counts (`post_count`, `post_count_with_descendants`), and the Uncategorized count.
 */
export const collectionTreeQuery = queryOptions({
  queryKey: collectionKeys.tree,
  queryFn: async ({ signal }) =>
    asTreeListing(
      (
        await callApi(collectionEndpoints.list, {
          query: { nested: true, withShared: true, withDescendantCounts: true },
          signal,
        })
      ).data,
    ),
});

/** The collections tree of the sidebar and the pickers. */
export function useCollectionTree() {
  return useQuery(collectionTreeQuery);
}

/**
 * One collection with its post counts (PRODUCT.md#collection-moves: "name from cache or a fetch"):
 * taken from the tree when it is loaded, fetched otherwise. Disabled for Uncategorized (id 0).
 */
export function useCollection(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: collectionKeys.detail(id),
    queryFn: async ({ signal }) =>
      (
        await callApi(collectionEndpoints.get, {
          params: { id },
          query: { withDescendantCounts: true },
          signal,
        })
      ).data,
    enabled: id > UNCATEGORIZED_ID,
    initialData: () => {
      const tree = queryClient.getQueryData(collectionTreeQuery.queryKey);
      return tree && findInTree(tree.collections, id);
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(collectionKeys.tree)?.dataUpdatedAt,
  });
}

/**
 * The collections right below `id` (own or shared with the user), in sibling order, each with
 * its post counts; empty while the tree loads and for Uncategorized.
 */
export function useSubcollections(id: number): CollectionNode[] {
  const tree = useCollectionTree().data;
  if (!tree || id === UNCATEGORIZED_ID) return [];
  return (findInTree(tree.collections, id) ?? findInTree(tree.shared, id))?.nested ?? [];
}

/**
 * The live posts of a collection (0 = Uncategorized) as its header counts them: `own` in its
 * list, `withDescendants` with those of every collection below it; undefined until known.
 */
export function usePostCounts(id: number): { own: number; withDescendants: number } | undefined {
  const tree = useCollectionTree().data;
  const collection = useCollection(id).data;
  if (id === UNCATEGORIZED_ID) {
    return (
      tree && { own: tree.uncategorizedPostCount, withDescendants: tree.uncategorizedPostCount }
    );
  }
  return (
    collection && {
      own: collection.post_count,
      withDescendants: collection.post_count_with_descendants ?? collection.post_count,
    }
  );
}

/** Creates a collection (POST /api/collections); the tree is refetched. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; parent_id: number | null; icon_id: number | null }) =>
      (await callApi(collectionEndpoints.create, { body })).data,
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      return queryClient.invalidateQueries({ queryKey: collectionKeys.tree });
    },
  });
}

/**
 * Renames, changes the icon of or moves a collection (PATCH /api/collections/{id});
 * `parent_id: null` with `is_root: true` moves it to the top level. The tree is refetched.
 */
export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...body
    }: {
      id: number;
      name: string;
      icon_id: number | null;
      parent_id?: number | null;
      is_root?: boolean;
    }) => (await callApi(collectionEndpoints.update, { params: { id }, body })).data,
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      return queryClient.invalidateQueries({ queryKey: collectionKeys.tree });
    },
  });
}

/**
 * Moves a collection dragged in the sidebar (PATCH with `parent_id` or `is_root`, and
 * `local_order`). PRODUCT.md#collection-moves: the tree changes at once, then the server is told;
 * on failure the tree is fetched again (the failure is only logged).
 */
export function useMoveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, drop }: { id: number; drop: TreeDrop }) =>
      callApi(collectionEndpoints.update, {
        params: { id },
        body:
          drop.parentId === null
            ? { is_root: true, local_order: drop.localOrder }
            : { parent_id: drop.parentId, local_order: drop.localOrder },
      }),
    onMutate: async ({ id, drop }) => {
      await queryClient.cancelQueries({ queryKey: collectionKeys.tree });
      queryClient.setQueryData(
        collectionTreeQuery.queryKey,
        (tree) => tree && { ...tree, collections: moveInTree(tree.collections, id, drop) },
      );
    },
    onError: (error) => logError('moving a collection failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.tree }),
  });
}

/**
 * Deletes a collection (DELETE /api/collections/{id}); with `nested` its sub-collections go too,
 * otherwise they move up. Its posts went to the recycle bin, so cached post lists are dropped.
 */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nested }: { id: number; nested: boolean }) =>
      callApi(collectionEndpoints.delete, { params: { id }, query: { nested } }),
    onSuccess: (_, { id }) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id) });
      queryClient.removeQueries({ queryKey: postKeys.lists, type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: collectionKeys.tree });
    },
  });
}
