import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '../../../../contract/endpoint.ts';
import { BULK_EDIT_MAX, postEndpoints } from '../../../../contract/posts.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { collectionKeys } from '../collections/collection-keys.ts';
import { tagKeys } from '../tags/tags.queries.ts';
import { removeFromRecycleBin } from '../recycle-bin/recycle-bin.queries.ts';
import { postKeys, removeFromLists } from './posts.queries.ts';
import { snapshotPosts, undoOf } from './undo.ts';

/** What a bulk edit changes on every post: PATCH /api/posts without `ids` (docs/API.md). */
export type BulkChange = Omit<EndpointInput<typeof postEndpoints.bulkUpdate>['body'], 'ids'>;

export interface BulkEdit {
  /** The posts, in list order; any number (sent BULK_EDIT_MAX at a time). */
  ids: number[];
  change: BulkChange;
  /** Told how many of `ids` are done after each request. */
  onProgress?: (done: number) => void;
}

/** The posts `changed` leave the lists that show them: moved, deleted, or restored from the bin. */
function leaveLists(queryClient: QueryClient, change: BulkChange, changed: number[]) {
  const moved =
    change.collection_id !== undefined ||
    change.is_uncategorized !== undefined ||
    change.is_archived === true;
  for (const id of changed) {
    if (moved) removeFromLists(queryClient, id);
    if (change.is_archived === false) removeFromRecycleBin(queryClient, id);
  }
}

/** What a bulk edit did: the ids of the posts that changed, and what takes it back. */
export interface BulkEditResult {
  changed: number[];
  /** Brings back the changed posts' previous state (PRODUCT.md#undo; undo.ts). */
  undo: () => Promise<void>;
}

/**
 * A bulk edit (PATCH /api/posts, docs/API.md Post lists): the same change for every post of
 * `ids`. A move or a tag change first records each post's list, place and tags, for its undo
 * (snapshotPosts). The server takes BULK_EDIT_MAX posts at a time, all or nothing; more are sent in
 * chunks of that size one after another. A chunk that fails stops the rest: the error is the
 * server's, with how many posts were changed before it when that is any. Answers the ids of the
 * posts that changed and their undo. The posts leave the lists they left at once; then every post list on
 * screen is read again (orders and tags changed on the server) and the collections' and tags'
 * counts with them.
 */
export function useBulkEditPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.bulkEdit,
    mutationFn: async ({ ids, change, onProgress }: BulkEdit): Promise<BulkEditResult> => {
      const snapshots =
        change.is_archived === undefined ? await snapshotPosts(queryClient, ids) : [];
      const changed: number[] = [];
      for (let start = 0; start < ids.length; start += BULK_EDIT_MAX) {
        const chunk = ids.slice(start, start + BULK_EDIT_MAX);
        let answer: number[];
        try {
          answer = (await callApi(postEndpoints.bulkUpdate, { body: { ids: chunk, ...change } }))
            .data.ids;
        } catch (error) {
          if (start === 0 || !(error instanceof ApiError)) throw error;
          throw new ApiError(
            error.status,
            error.code,
            `${error.message} The first ${start} of the ${ids.length} posts were changed.`,
            error.fields,
          );
        }
        leaveLists(queryClient, change, answer);
        changed.push(...answer);
        onProgress?.(start + chunk.length);
      }
      return { changed, undo: undoOf(change, changed, snapshots) };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
      ]),
  });
}
