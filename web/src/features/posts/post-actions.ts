import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../contract/posts.ts';
import { notify } from '../../ui/notify.tsx';
import {
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  findInTree,
} from '../collections/collection-tree.ts';
import { collectionTreeQuery } from '../collections/collections.queries.ts';
import { useDeletePost, useTransferPost } from './posts.queries.ts';

/*
 * The actions on one post that the card menu, the post editor and keyboard shortcuts share: each
 * does the change, tells of it with Undo (PRODUCT.md#undo) and of a failure (PRODUCT.md#messages).
 * The undo module loads with the first action, not with the page (first-page weight).
 */

const loadUndo = () => import('./undo.ts');

/** The name of collection `id` (0 = Uncategorized) from the collection tree in the cache. */
export function collectionNameOf(queryClient: QueryClient, id: number): string | undefined {
  if (id === UNCATEGORIZED_ID) return UNCATEGORIZED_NAME;
  const tree = queryClient.getQueryData(collectionTreeQuery.queryKey);
  return tree && (findInTree(tree.collections, id) ?? findInTree(tree.shared, id))?.name;
}

/** A shared action: `run` does it and resolves to whether it succeeded; `pending` while it runs. */
export interface PostAction<Args extends unknown[]> {
  run: (...args: Args) => Promise<boolean>;
  pending: boolean;
}

/**
 * Deleting a post (to the recycle bin): `run(post)` deletes it and tells 'Post moved to the
 * Recycle Bin' with Undo, which restores it to its list and place.
 */
export function useDeletePostAction(): PostAction<[post: Pick<Post, 'id'>]> {
  const queryClient = useQueryClient();
  const deletePost = useDeletePost();
  const run = async ({ id }: Pick<Post, 'id'>) => {
    const undoModule = loadUndo();
    try {
      await deletePost.mutateAsync({ id });
    } catch {
      notify({ type: 'error', title: 'Error', description: 'Post could not be deleted.' });
      return false;
    }
    const { offerUndo, undoOf } = await undoModule;
    offerUndo(
      queryClient,
      { type: 'deletion', title: 'Post moved to the Recycle Bin' },
      undoOf({ is_archived: true }, [id]),
    );
    return true;
  };
  return { run, pending: deletePost.isPending };
}

/**
 * Transferring a post (PRODUCT.md#transfer): `run(post, collectionId)` transfers `post` (as a list
 * shows it: its collection and order are where Undo brings it back) to collection `collectionId`
 * (0 = Uncategorized) and tells 'Post transferred' with Undo.
 */
export function useTransferPostAction(): PostAction<[post: Post, collectionId: number]> {
  const queryClient = useQueryClient();
  const transfer = useTransferPost();
  const run = async (post: Post, collectionId: number) => {
    const { offerUndo, snapshotOf, undoOf } = await loadUndo();
    const before = snapshotOf(post);
    try {
      await transfer.mutateAsync({ id: post.id, collectionId });
    } catch {
      notify({ type: 'error', title: 'Error', description: 'Post could not be updated.' });
      return false;
    }
    const name = collectionNameOf(queryClient, collectionId);
    offerUndo(
      queryClient,
      { type: 'success', title: 'Post transferred', description: name && `Now in ${name}.` },
      // The change as a bulk move would name it: undone the same way.
      undoOf(
        {
          collection_id: collectionId === UNCATEGORIZED_ID ? null : collectionId,
          is_uncategorized: collectionId === UNCATEGORIZED_ID,
        },
        [post.id],
        [before],
      ),
    );
    return true;
  };
  return { run, pending: transfer.isPending };
}
