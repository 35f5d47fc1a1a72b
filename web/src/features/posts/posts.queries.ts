import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { Post, PostSort } from '../../../../contract/posts.ts';
import { postEndpoints } from '../../../../contract/posts.ts';
import type { EndpointInput } from '../../../../contract/endpoint.ts';
import { callApi } from '../../lib/api-client.ts';
import { useShareAccess } from '../shares/share-access.ts';
import { collectionKeys } from '../collections/collection-keys.ts';
import { UNCATEGORIZED_ID } from '../collections/collection-tree.ts';
import { contentFromPlainText } from './post-content.ts';
import { movePostInPages, orderAfterMove, removePostFromPages } from './post-order.ts';
import {
  isPreviewPending,
  mergeRefreshedPage,
  pendingPageIndexes,
  PREVIEW_REFRESH_ROUNDS,
  previewRefreshDelay,
} from './preview-refresh.ts';

/**
 * Query keys of the posts feature; a list is keyed by collection (0 = Uncategorized), then by
 * its sort (docs/API.md, Post lists).
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (collectionId: number) => ['posts', 'list', collectionId] as const,
  sorted: (collectionId: number, sort: PostSort) => ['posts', 'list', collectionId, sort] as const,
  page: (collectionId: number, pageSize: number, shareToken?: string, sort: PostSort = 'manual') =>
    ['posts', 'list', collectionId, sort, { pageSize, shareToken }] as const,
  detail: (id: number, shareToken?: string) =>
    shareToken === undefined
      ? (['posts', 'detail', id] as const)
      : (['posts', 'detail', id, { shareToken }] as const),
  /** Lists other than a collection's: searches, tag pages and the recycle bin. */
  reads: ['posts', 'read'] as const,
  search: (filter: string, collectionId: number | null, pageSize: number) =>
    ['posts', 'read', 'search', { filter, collectionId, pageSize }] as const,
  tagged: (tagId: number, pageSize: number) =>
    ['posts', 'read', 'tag', tagId, { pageSize }] as const,
  /** The duplicate check of one URL. */
  saved: (url: string) => ['posts', 'read', 'saved', url] as const,
  recycleBin: ['posts', 'read', 'recycle-bin'] as const,
  recycleBinPage: (pageSize: number) => ['posts', 'read', 'recycle-bin', { pageSize }] as const,
  /**
   * Every mutation that writes a post: while one runs, dragging waits (PRODUCT.md#dragging-a-post).
   */
  writes: ['posts', 'write'] as const,
  /** A bulk edit (one of the writes). */
  bulkEdit: ['posts', 'write', 'bulk'] as const,
};

/**
 * The stand-in for a pasted post while it is saved (PRODUCT.md#post: a local placeholder
 * type); shown as a pulsing skeleton.
 */
export type PlaceholderPost = Omit<Post, 'type'> & { type: 'placeholder' };
/** A post as a list holds it. */
export type ListedPost = Post | PlaceholderPost;

/** The pages of a list read by cursor; each page's param is the cursor it was read after. */
export type PostPages = InfiniteData<ListedPost[], number | undefined>;

/** Which posts a paged list shows (GET /api/posts without its paging fields). */
export type ListFilter = Omit<
  NonNullable<EndpointInput<typeof postEndpoints.list>['query']>,
  'limit' | 'after_id' | 'withTags'
>;

/** One page of GET /api/posts, with tags: `limit` posts after the post `afterId`. */
async function readPage(
  filter: ListFilter,
  limit: number,
  afterId: number | undefined,
  signal: AbortSignal,
  bearer: string | undefined,
): Promise<ListedPost[]> {
  return (
    await callApi(postEndpoints.list, {
      query: { ...filter, limit, after_id: afterId, withTags: true },
      signal,
      bearer,
    })
  ).data;
}

/** Where a paged list is on screen: the first and last index of the posts shown, or null. */
export type PostsInView = () => { first: number; last: number } | null;

/**
 * Keeps the pending link previews of the paged list under `queryKey` up to date: while a loaded
 * page (one in view, when `inView` says) holds a pending post, that page is read again (one
 * request per page, pauses growing from 1 s to 10 s) and its fresh posts put in; it stops when
 * none is pending, or after PREVIEW_REFRESH_ROUNDS rounds.
 */
function usePreviewRefresh(
  queryKey: readonly unknown[],
  data: PostPages | undefined,
  readAfter: (
    afterId: number | undefined,
    limit: number,
    signal: AbortSignal,
  ) => Promise<ListedPost[]>,
  inView: PostsInView | undefined,
) {
  const queryClient = useQueryClient();
  const anyPending = data?.pages.some((page) => page.some(isPreviewPending)) ?? false;
  const refresh = useEffectEvent(async (signal: AbortSignal) => {
    const current = queryClient.getQueryData<PostPages>(queryKey);
    if (!current) return;
    await Promise.all(
      pendingPageIndexes(current.pages, inView?.()).map(async (index) => {
        const page = current.pages[index]!;
        const fresh = await readAfter(current.pageParams[index], page.length, signal);
        queryClient.setQueryData<PostPages>(
          queryKey,
          (latest) =>
            latest && {
              ...latest,
              pages: latest.pages.map((other, at) =>
                at === index ? mergeRefreshedPage(other, fresh) : other,
              ),
            },
        );
      }),
    );
  });
  const listKey = JSON.stringify(queryKey);
  useEffect(() => {
    if (!anyPending) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (round: number) => {
      timer = setTimeout(() => {
        // A failed read is tried again next round, like a page still pending.
        void refresh(controller.signal)
          .catch(() => undefined)
          .then(() => {
            if (!controller.signal.aborted && round + 1 < PREVIEW_REFRESH_ROUNDS)
              schedule(round + 1);
          });
      }, previewRefreshDelay(round));
    };
    schedule(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [anyPending, listKey]);
}

/** How a paged list is read besides its filter and page size. */
export interface PagedPostsOptions {
  /** A public share's token, for a collection seen through a share link. */
  bearer?: string;
  /** Which posts are on screen, so only their pages refresh pending previews. */
  inView?: PostsInView;
  /** False: nothing is read (a search with nothing to search for). */
  enabled?: boolean;
  /** Keep showing the previous list while a new one loads (a search being typed). */
  keepPrevious?: boolean;
}

/**
 * A list of posts read by cursor (PRODUCT.md#post-lists: the cursor is the last post's id; loading
 * stops when a page comes back empty), `pageSize` at a time, with tags; pending link previews
 * refresh by page (usePreviewRefresh). Every list of posts the web app shows is read this way:
 * never whole (`limit` 0), however long it is.
 */
export function usePagedPosts(
  queryKey: readonly unknown[],
  filter: ListFilter,
  pageSize: number,
  options: PagedPostsOptions = {},
) {
  const { bearer, inView, enabled = true, keepPrevious = false } = options;
  const list = useInfiniteQuery<
    ListedPost[],
    Error,
    PostPages,
    readonly unknown[],
    number | undefined
  >({
    queryKey,
    queryFn: ({ pageParam, signal }) => readPage(filter, pageSize, pageParam, signal, bearer),
    initialPageParam: undefined as number | undefined,
    // The cursor is the last saved post; a placeholder being pasted is not one the server knows.
    getNextPageParam: (lastPage) =>
      lastPage.filter((post) => post.type !== 'placeholder').at(-1)?.id,
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  usePreviewRefresh(
    queryKey,
    list.data,
    (afterId, limit, signal) => readPage(filter, limit, afterId, signal, bearer),
    inView,
  );
  return list;
}

/** The list a post belongs to: its collection, or 0 for Uncategorized. */
export function listIdOf(post: Pick<Post, 'collection_id'>): number {
  return post.collection_id ?? UNCATEGORIZED_ID;
}

/**
 * The posts of a collection in the order `sort` (manual: highest order first), in pages of
 * `pageSize` (read through the public share when the page is seen through one).
 */
export function usePostList(
  collectionId: number,
  pageSize: number,
  inView?: PostsInView,
  sort: PostSort = 'manual',
) {
  const bearer = useShareAccess()?.token;
  return usePagedPosts(
    postKeys.page(collectionId, pageSize, bearer, sort),
    { collection_id: collectionId, sort },
    pageSize,
    { bearer, inView },
  );
}

/**
 * The live posts the user may read that already hold `url`, compared normalised
 * (PRODUCT.md#duplicate-check); disabled while `url` is empty.
 */
export function useSavedPosts(url: string) {
  return useQuery({
    queryKey: postKeys.saved(url),
    queryFn: async ({ signal }) =>
      (await callApi(postEndpoints.check, { query: { url }, signal })).data,
    enabled: url !== '',
  });
}

/** One post, with its tags, for the editor; read with a public share's token when given. */
function postQuery(id: number, shareToken?: string) {
  return queryOptions({
    queryKey: postKeys.detail(id, shareToken),
    queryFn: async ({ signal }) =>
      (
        await callApi(postEndpoints.get, {
          params: { id },
          query: { withTags: true },
          signal,
          bearer: shareToken,
        })
      ).data,
  });
}

/** One post, with its tags (through the public share when the page is seen through one). */
export function usePost(id: number) {
  return useQuery(postQuery(id, useShareAccess()?.token));
}

function mapPages(
  queryClient: QueryClient,
  listId: number | null,
  map: (page: ListedPost[], index: number) => ListedPost[],
) {
  queryClient.setQueriesData<PostPages>(
    { queryKey: listId === null ? postKeys.lists : postKeys.list(listId) },
    (data) => data && { ...data, pages: data.pages.map(map) },
  );
}

/** Puts `post` on top of its list (where new and transferred posts go, PRODUCT.md#posts-order). */
function addOnTop(queryClient: QueryClient, post: ListedPost) {
  mapPages(queryClient, listIdOf(post), (page, index) =>
    index === 0 ? [post, ...page.filter((other) => other.id !== post.id)] : page,
  );
}

/** Takes a post out of every list, renumbering the posts above it (PRODUCT.md#post-lists). */
export function removeFromLists(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<PostPages>(
    { queryKey: postKeys.lists },
    (data) => data && { ...data, pages: removePostFromPages(data.pages, id) },
  );
}

/** Replaces a post wherever a list shows it. */
function replaceInLists(queryClient: QueryClient, post: Post, id = post.id) {
  mapPages(queryClient, null, (page) => page.map((other) => (other.id === id ? post : other)));
}

/**
 * Collection lists are changed in place so the user sees the result at once, then marked stale:
 * orders of the other posts moved on the server and are refetched the next time a list is shown.
 * Other lists (searches, tag pages, the recycle bin) and the collections with their post counts
 * (sidebar, collection header, sub-collection tiles) are refetched when shown, at once.
 */
export function markListsStale(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.lists, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: postKeys.reads }),
    queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  ]);
}

/** Body of a post create or edit (API.md). */
export interface PostWrite {
  title: string;
  content: string;
  collection_id: number | null;
  is_uncategorized: boolean;
  tag_names: string[];
}

/** Creates a post (POST /api/posts); it lands on top of its collection's list. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PostWrite) => (await callApi(postEndpoints.create, { body })).data,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      addOnTop(queryClient, post);
      return markListsStale(queryClient);
    },
  });
}

/** Stores a saved post: its own cache entry, and its list (moved on top of another if it changed). */
function storeSaved(queryClient: QueryClient, post: Post) {
  const before = queryClient.getQueryData<Post>(postKeys.detail(post.id));
  queryClient.setQueryData(postKeys.detail(post.id), post);
  if (before && listIdOf(before) !== listIdOf(post)) {
    removeFromLists(queryClient, post.id);
    addOnTop(queryClient, post);
  } else {
    replaceInLists(queryClient, post);
  }
}

/**
 * Edits a post (PATCH /api/posts/{id}) with any part of a PostWrite: replaced where it is, or,
 * when it changed collection (PRODUCT.md#transfer), taken out of the old list and put on top of the
 * new one.
 */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: async ({ id, body }: { id: number; body: Partial<PostWrite> }) =>
      (await callApi(postEndpoints.update, { params: { id }, body })).data,
    onSuccess: (post) => {
      storeSaved(queryClient, post);
      return markListsStale(queryClient);
    },
  });
}

/**
 * Transfers a post to another collection (PRODUCT.md#transfer: 0 = Uncategorized): it leaves the
 * list it was in and lands on top of the other.
 */
export function useTransferPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: async ({ id, collectionId }: { id: number; collectionId: number }) =>
      (
        await callApi(postEndpoints.update, {
          params: { id },
          body: {
            collection_id: collectionId === UNCATEGORIZED_ID ? null : collectionId,
            is_uncategorized: collectionId === UNCATEGORIZED_ID,
          },
        })
      ).data,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      removeFromLists(queryClient, post.id);
      addOnTop(queryClient, post);
      return markListsStale(queryClient);
    },
  });
}

/** Moves a post to the recycle bin (DELETE /api/posts/{id}) and out of every list. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: ({ id }: { id: number }) => callApi(postEndpoints.delete, { params: { id } }),
    onSuccess: (_, { id }) => {
      removeFromLists(queryClient, id);
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      return markListsStale(queryClient);
    },
  });
}

/**
 * Moves a post within its list by drag and drop (PRODUCT.md#dragging-a-post; only in manual
 * order): the list changes at once (orders recomputed from the highest), the new order (the post's
 * order plus the index difference) is saved, and a failure puts the list back as it was. Lists of
 * the collection in another sort keep their order and are read again when shown.
 */
export function useMovePost(collectionId: number) {
  const queryClient = useQueryClient();
  const lists = { queryKey: postKeys.sorted(collectionId, 'manual') };
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: async ({ post, from, to }: { id: number; post: Post; from: number; to: number }) =>
      (
        await callApi(postEndpoints.update, {
          params: { id: post.id },
          body: { order: orderAfterMove(post, from, to) },
        })
      ).data,
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries(lists);
      const before = queryClient.getQueriesData<PostPages>(lists);
      queryClient.setQueriesData<PostPages>(
        lists,
        (data) => data && { ...data, pages: movePostInPages(data.pages, from, to) },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: () => markListsStale(queryClient),
  });
}

/**
 * Creates a post from pasted text (PRODUCT.md#paste): a placeholder one above the highest order
 * appears on top at once and is replaced by the saved post, or removed when saving fails.
 * Uncategorized is `collection_id` null with `is_uncategorized` true (PRODUCT.md#validation).
 */
export function usePastePost(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postKeys.writes,
    mutationFn: async ({ text }: { text: string; placeholderId: number }) =>
      (
        await callApi(postEndpoints.create, {
          body: {
            content: contentFromPlainText(text),
            collection_id: collectionId > UNCATEGORIZED_ID ? collectionId : null,
            is_uncategorized: collectionId === UNCATEGORIZED_ID,
            tag_names: [],
          },
        })
      ).data,
    onMutate: ({ text, placeholderId }) => {
      const shown = queryClient
        .getQueriesData<PostPages>({ queryKey: postKeys.list(collectionId) })
        .flatMap(([, data]) => data?.pages.flat() ?? []);
      const now = new Date().toISOString();
      addOnTop(queryClient, {
        id: placeholderId,
        type: 'placeholder',
        title: null,
        content: text,
        url: null,
        base_url: null,
        description: null,
        color: null,
        image_path: null,
        collection_id: collectionId > UNCATEGORIZED_ID ? collectionId : null,
        user_id: 0,
        order: Math.max(0, ...shown.map((post) => post.order)) + 1,
        is_archived: false,
        is_favorite: false,
        preview_status: null,
        created_at: now,
        updated_at: now,
      });
    },
    onSuccess: (post, { placeholderId }) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      replaceInLists(queryClient, post, placeholderId);
      return markListsStale(queryClient);
    },
    onError: (_error, { placeholderId }) => removeFromLists(queryClient, placeholderId),
  });
}

/**
 * Whether any post is being written: dragging waits until it is done (PRODUCT.md#dragging-a-post).
 */
export function useIsWritingPosts(): boolean {
  return useIsMutating({ mutationKey: postKeys.writes }) > 0;
}

/**
 * Ids of the posts with a write in flight (one post's `id`, a bulk edit's `ids`), for their
 * spinner (PRODUCT.md#post).
 */
export function useUpdatingPostIds(): Set<number> {
  const ids = useMutationState({
    filters: { mutationKey: postKeys.writes, status: 'pending' },
    select: (mutation) => {
      const variables = mutation.state.variables as { id?: number; ids?: number[] } | undefined;
      return variables?.ids ?? (variables?.id === undefined ? [] : [variables.id]);
    },
  });
  return new Set(ids.flat());
}

/** PRODUCT.md#tags: the posts carrying the tag `tagId` (GET /api/posts?tag_id=), newest first. */
export function useTaggedPosts(tagId: number, pageSize: number, inView?: PostsInView) {
  return usePagedPosts(postKeys.tagged(tagId, pageSize), { tag_id: tagId }, pageSize, { inView });
}

/** PRODUCT.md#recycle-bin: the user's deleted posts, last deleted first (is_archived=true). */
export function useRecycleBin(pageSize: number, inView?: PostsInView) {
  return usePagedPosts(postKeys.recycleBinPage(pageSize), { is_archived: true }, pageSize, {
    inView,
  });
}
