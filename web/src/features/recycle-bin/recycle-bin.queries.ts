import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../contract/posts.ts';
import { postEndpoints } from '../../../../contract/posts.ts';
import { callApi } from '../../lib/api-client.ts';
import { notify } from '../../ui/notify.tsx';
import { collectionNameOf, type PostAction } from '../posts/post-actions.ts';
import { listIdOf, markListsStale, postKeys, type PostPages } from '../posts/posts.queries.ts';
import { offerUndo, undoOf } from '../posts/undo.ts';

/** Takes a post out of every recycle bin list. */
export function removeFromRecycleBin(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<PostPages>(
    { queryKey: postKeys.recycleBin },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => page.filter((post) => post.id !== id)) },
  );
}

/**
 * Restores a post from the recycle bin (PRODUCT.md#post-lists: PATCH is_archived false); the server
 * puts it back at its place in its collection, or on top of Uncategorized when that collection is
 * gone.
 */
export function useRestorePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: async ({ id }: { id: number }) =>
      (await callApi(postEndpoints.update, { params: { id }, body: { is_archived: false } })).data,
    onSuccess: (post) => {
      removeFromRecycleBin(queryClient, post.id);
      // The server puts it back at its old place and renumbers the posts above: its list is read
      // again rather than guessed.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.list(listIdOf(post)) }),
        markListsStale(queryClient),
      ]);
    },
  });
}

/**
 * Restoring a post from the recycle bin (PRODUCT.md#recycle-bin): `run(post)` restores it and
 * tells 'Restored to {collection}' with Undo, which sends it back to the bin.
 */
export function useRestorePostAction(): PostAction<[post: Pick<Post, 'id'>]> {
  const queryClient = useQueryClient();
  const restore = useRestorePost();
  const run = async ({ id }: Pick<Post, 'id'>) => {
    let restored: Post;
    try {
      restored = await restore.mutateAsync({ id });
    } catch {
      notify({ type: 'error', title: 'Error', description: 'Post could not be updated.' });
      return false;
    }
    const name = collectionNameOf(queryClient, listIdOf(restored));
    offerUndo(
      queryClient,
      { type: 'success', title: name ? `Restored to ${name}` : 'Post restored' },
      undoOf({ is_archived: false }, [id]),
    );
    return true;
  };
  return { run, pending: restore.isPending };
}

/**
 * Clears the recycle bin for good (DELETE /api/posts?is_trashed=1). PRODUCT.md#after-an-action:
 * the list empties whether or not the call succeeds; the caller tells of a failure
 * (PRODUCT.md#messages).
 */
export function useClearRecycleBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(postEndpoints.clearRecycleBin, { query: { is_trashed: true } }),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: postKeys.recycleBin });
      queryClient.setQueriesData<PostPages>(
        { queryKey: postKeys.recycleBin },
        (data) => data && { pages: [[]], pageParams: [undefined] },
      );
    },
  });
}
