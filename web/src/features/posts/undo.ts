import type { QueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../contract/posts.ts';
import { BULK_EDIT_MAX, postEndpoints } from '../../../../contract/posts.ts';
import { tagNameKey } from '../../../../contract/tags.ts';
import { callApi } from '../../lib/api-client.ts';
import { notify, notifyUndoable, type UndoableNotification } from '../../ui/notify.tsx';
import { collectionKeys } from '../collections/collection-keys.ts';
import { tagKeys } from '../tags/tags.queries.ts';
import type { BulkChange } from './bulk-edit.queries.ts';
import { postKeys, type ListedPost, type PostPages } from './posts.queries.ts';

/*
 * Undo (PRODUCT.md#undo): every delete, restore, transfer and bulk edit of posts can be taken back
 * for a while. Before the change, `snapshotPosts` records what undoing it needs of each post;
 * `undoOf` turns a change and those snapshots into the calls that bring back the exact previous
 * state: the same list, the same place in its manual order (docs/ARCHITECTURE.md#order), the same
 * tags. The shared actions of post-actions.ts show it in a notification.
 */

/** What undoing a change needs to know of a post: its list, its place there, its tags. */
export interface PostSnapshot {
  id: number;
  /** null = Uncategorized. */
  collectionId: number | null;
  /** Its place in its list's manual order (1 = lowest; the highest shows first). */
  order: number;
  /** Its tags' names; null when they were not read (a change that does not touch tags). */
  tagNames: string[] | null;
}

/** The snapshot of a post as the API gives it. */
export function snapshotOf(post: Post): PostSnapshot {
  return {
    id: post.id,
    collectionId: post.collection_id,
    order: post.order,
    tagNames: post.tags?.map((tag) => tag.name) ?? null,
  };
}

/** The posts of `ids` as some list or post page in the cache holds them (with tags, if any does). */
function cachedPosts(queryClient: QueryClient, ids: readonly number[]): Map<number, Post> {
  const wanted = new Set(ids);
  const found = new Map<number, Post>();
  const keep = (post: ListedPost | undefined) => {
    if (!post || post.type === 'placeholder' || !wanted.has(post.id)) return;
    if (!found.has(post.id) || (post.tags && !found.get(post.id)!.tags)) found.set(post.id, post);
  };
  for (const [, data] of queryClient.getQueriesData<PostPages | Post>({ queryKey: postKeys.all })) {
    if (data && 'pages' in data) data.pages.forEach((page) => page.forEach(keep));
    else keep(data);
  }
  return found;
}

/**
 * What undoing a change to the live posts `ids` needs (PRODUCT.md#undo): each post's list, place and
 * tags, from the lists in the cache (read from the server, with tags, where none holds it).
 * @throws ApiError when a post missing from the cache cannot be read.
 */
export async function snapshotPosts(
  queryClient: QueryClient,
  ids: readonly number[],
): Promise<PostSnapshot[]> {
  const cached = cachedPosts(queryClient, ids);
  return Promise.all(
    ids.map(async (id) => {
      const post = cached.get(id);
      if (post?.tags) return snapshotOf(post);
      const read = await callApi(postEndpoints.get, {
        params: { id },
        query: { withTags: true },
      });
      return snapshotOf(read.data);
    }),
  );
}

/** Sends the same change for `ids` through the bulk edit (PATCH /api/posts), BULK_EDIT_MAX at a time. */
async function bulkEdit(ids: readonly number[], change: BulkChange): Promise<void> {
  for (let start = 0; start < ids.length; start += BULK_EDIT_MAX) {
    await callApi(postEndpoints.bulkUpdate, {
      body: { ids: ids.slice(start, start + BULK_EDIT_MAX), ...change },
    });
  }
}

/** Moves the posts `ids` to the recycle bin, or (`inRecycleBin` false) back out of it. */
export function setInRecycleBin(ids: readonly number[], inRecycleBin: boolean): Promise<void> {
  return bulkEdit(ids, { is_archived: inRecycleBin });
}

/** Groups `items` by `keyOf`, keeping their sequence within a group. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Brings transferred posts back to where the snapshots say they were: each list's posts are
 * transferred back together (landing on top, docs/API.md), then each is moved to its old place
 * (PATCH order), lowest place first, so that every post moved lands above those already back and
 * the places of those stay right.
 */
export async function returnToPlaces(snapshots: readonly PostSnapshot[]): Promise<void> {
  for (const [collectionId, group] of groupBy(snapshots, (post) => post.collectionId)) {
    await bulkEdit(
      group.map((post) => post.id),
      { collection_id: collectionId, is_uncategorized: collectionId === null },
    );
  }
  const byPlace = [...snapshots].sort((a, b) => a.order - b.order);
  for (const post of byPlace) {
    await callApi(postEndpoints.update, { params: { id: post.id }, body: { order: post.order } });
  }
}

/**
 * Takes back a bulk tag change: the names added come off the posts that did not carry them before;
 * the names removed go back on the posts that carried them. One bulk edit per set of names.
 */
async function restoreTags(
  snapshots: readonly PostSnapshot[],
  change: Pick<BulkChange, 'add_tag_names' | 'remove_tag_names'>,
): Promise<void> {
  const undoing = [
    ...(change.add_tag_names ?? []).map((name) => ({ name, hadIt: false, back: 'remove' })),
    ...(change.remove_tag_names ?? []).map((name) => ({ name, hadIt: true, back: 'add' })),
  ] as const;
  const perPost = snapshots.map((post) => {
    const had = new Set((post.tagNames ?? []).map(tagNameKey));
    const names = undoing.filter(({ name, hadIt }) => had.has(tagNameKey(name)) === hadIt);
    return {
      id: post.id,
      add: names.filter(({ back }) => back === 'add').map(({ name }) => name),
      remove: names.filter(({ back }) => back === 'remove').map(({ name }) => name),
    };
  });
  const groups = groupBy(
    perPost.filter(({ add, remove }) => add.length > 0 || remove.length > 0),
    ({ add, remove }) => JSON.stringify([add, remove]),
  );
  for (const group of groups.values()) {
    const { add, remove } = group[0]!;
    await bulkEdit(
      group.map(({ id }) => id),
      {
        ...(add.length > 0 && { add_tag_names: add }),
        ...(remove.length > 0 && { remove_tag_names: remove }),
      },
    );
  }
}

/**
 * The undo of a bulk edit `change` (or a single delete, restore or transfer, which are the same
 * changes) that changed the posts `changed` (PRODUCT.md#undo): to the recycle bin → restored (each
 * to its old place, as the server restores); restored → back to the recycle bin; moved → back to
 * their lists and places; tags → as they were. `snapshots` are those snapshotPosts took before
 * the change, needed for a move or tags (any post not in `changed` is left alone).
 */
export function undoOf(
  change: BulkChange,
  changed: readonly number[],
  snapshots: readonly PostSnapshot[] = [],
): () => Promise<void> {
  const touched = new Set(changed);
  const before = snapshots.filter((post) => touched.has(post.id));
  return async () => {
    if (change.is_archived !== undefined) await setInRecycleBin(changed, !change.is_archived);
    if (change.collection_id !== undefined || change.is_uncategorized !== undefined) {
      await returnToPlaces(before);
    }
    if (change.add_tag_names || change.remove_tag_names) await restoreTags(before, change);
  };
}

/**
 * Runs an undo, then has every post list, the collections' and the tags' counts read again
 * (orders, places and tags changed on the server). A failure is notified (PRODUCT.md#messages).
 */
export async function runUndo(queryClient: QueryClient, undo: () => Promise<void>): Promise<void> {
  try {
    await undo();
  } catch {
    notify({ type: 'error', title: 'Error', description: 'The change could not be undone.' });
  } finally {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.all }),
      queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
      queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    ]);
  }
}

/**
 * Tells of a change done to posts with a notification offering Undo for 8 s (PRODUCT.md#undo),
 * which runs `undo` (see runUndo).
 */
export function offerUndo(
  queryClient: QueryClient,
  notification: Omit<UndoableNotification, 'undo'>,
  undo: () => Promise<void>,
): void {
  notifyUndoable({ ...notification, undo: () => void runUndo(queryClient, undo) });
}
