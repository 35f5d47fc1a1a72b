import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postEndpoints } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { notify, notifyUndoable } from '../../ui/notify.tsx';
import { useRestorePostAction } from '../recycle-bin/recycle-bin.queries.ts';
import { useDeletePostAction, useTransferPostAction } from './post-actions.ts';
import { postKeys, type PostPages } from './posts.queries.ts';
import { offerUndo, snapshotPosts, undoOf, type PostSnapshot } from './undo.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);
vi.mock('../../ui/notify.tsx', () => ({ notify: vi.fn(), notifyUndoable: vi.fn() }));

let queryClient: QueryClient;

/** What each call sent, in turn. */
const sent = () => callApiMock.mock.calls.map(([endpoint, input]) => [endpoint, input]);

const tags = (...names: string[]) => names.map((name, index) => ({ id: index + 1, name }));

const snapshot = (
  id: number,
  collectionId: number | null,
  order: number,
  tagNames: string[] = [],
): PostSnapshot => ({ id, collectionId, order, tagNames });

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockResolvedValue({ data: { ids: [] } });
  vi.mocked(notify).mockReset();
  vi.mocked(notifyUndoable).mockReset();
  queryClient = new QueryClient();
});

describe('snapshotPosts', () => {
  it('takes list, place and tags from the cache, and reads a post no list holds', async () => {
    queryClient.setQueryData<PostPages>(postKeys.page(5, 20), {
      pages: [[aPost({ id: 1, order: 2, tags: tags('news') }), aPost({ id: 2, order: 1 })]],
      pageParams: [undefined],
    });
    queryClient.setQueryData<PostPages>(postKeys.tagged(3, 20), {
      pages: [[aPost({ id: 2, order: 1, tags: tags('a', 'b') })]],
      pageParams: [undefined],
    });
    callApiMock.mockResolvedValue({
      data: aPost({ id: 3, collection_id: null, order: 7, tags: tags('Later') }),
    });
    expect(await snapshotPosts(queryClient, [1, 2, 3])).toEqual([
      snapshot(1, 5, 2, ['news']),
      snapshot(2, 5, 1, ['a', 'b']),
      snapshot(3, null, 7, ['Later']),
    ]);
    expect(sent()).toEqual([[postEndpoints.get, { params: { id: 3 }, query: { withTags: true } }]]);
  });
});

describe('undoOf', () => {
  it('restores deleted posts (the server puts each back at its place)', async () => {
    await undoOf({ is_archived: true }, [4, 2])();
    expect(sent()).toEqual([
      [postEndpoints.bulkUpdate, { body: { ids: [4, 2], is_archived: false } }],
    ]);
  });

  it('sends restored posts back to the recycle bin', async () => {
    await undoOf({ is_archived: false }, [4])();
    expect(sent()).toEqual([[postEndpoints.bulkUpdate, { body: { ids: [4], is_archived: true } }]]);
  });

  it('brings moved posts back to their lists, then each to its place, lowest place first', async () => {
    const before = [snapshot(1, 5, 9), snapshot(2, null, 3), snapshot(3, 5, 2), snapshot(4, 6, 1)];
    // Post 4 was in the target already: the move did not change it, the undo leaves it.
    await undoOf({ collection_id: 6 }, [1, 2, 3], before)();
    expect(sent()).toEqual([
      [
        postEndpoints.bulkUpdate,
        { body: { ids: [1, 3], collection_id: 5, is_uncategorized: false } },
      ],
      [
        postEndpoints.bulkUpdate,
        { body: { ids: [2], collection_id: null, is_uncategorized: true } },
      ],
      [postEndpoints.update, { params: { id: 3 }, body: { order: 2 } }],
      [postEndpoints.update, { params: { id: 2 }, body: { order: 3 } }],
      [postEndpoints.update, { params: { id: 1 }, body: { order: 9 } }],
    ]);
  });

  it('takes added tags off only the posts that did not carry them (names ignoring case)', async () => {
    const before = [snapshot(1, 5, 1, ['News']), snapshot(2, 5, 2), snapshot(3, 5, 3, ['x'])];
    await undoOf({ add_tag_names: ['news', 'fresh'] }, [1, 2, 3], before)();
    expect(sent()).toEqual([
      [postEndpoints.bulkUpdate, { body: { ids: [1], remove_tag_names: ['fresh'] } }],
      [postEndpoints.bulkUpdate, { body: { ids: [2, 3], remove_tag_names: ['news', 'fresh'] } }],
    ]);
  });

  it('puts removed tags back on the posts that carried them', async () => {
    const before = [snapshot(1, 5, 1, ['a', 'b']), snapshot(2, 5, 2, ['b']), snapshot(3, 5, 3)];
    await undoOf({ remove_tag_names: ['a', 'b'] }, [1, 2], before)();
    expect(sent()).toEqual([
      [postEndpoints.bulkUpdate, { body: { ids: [1], add_tag_names: ['a', 'b'] } }],
      [postEndpoints.bulkUpdate, { body: { ids: [2], add_tag_names: ['b'] } }],
    ]);
  });
});

describe('offerUndo', () => {
  it('offers Undo, which runs the undo and reads the lists again', async () => {
    const undo = vi.fn(() => Promise.resolve());
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    offerUndo(queryClient, { type: 'success', title: '2 posts moved' }, undo);
    const [offered] = vi.mocked(notifyUndoable).mock.calls[0]!;
    expect(offered).toMatchObject({ type: 'success', title: '2 posts moved' });
    offered.undo();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: postKeys.all }));
    expect(undo).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
  });

  it('tells when the undo fails', async () => {
    offerUndo(queryClient, { type: 'success', title: 'Moved' }, () =>
      Promise.reject(new ApiError(500, 'INTERNAL', 'Error 500')),
    );
    vi.mocked(notifyUndoable).mock.calls[0]![0].undo();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        type: 'error',
        title: 'Error',
        description: 'The change could not be undone.',
      }),
    );
  });
});

function renderAction<T>(hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper }).result;
}

/** The Undo the last notification offered, run. */
function undoLast() {
  const calls = vi.mocked(notifyUndoable).mock.calls;
  callApiMock.mockClear();
  calls.at(-1)![0].undo();
}

describe('the shared post actions (card menu, editor, shortcuts)', () => {
  it('delete tells of it with Undo, which restores the post', async () => {
    callApiMock.mockResolvedValue(undefined);
    const remove = renderAction(useDeletePostAction);
    expect(await act(() => remove.current.run({ id: 4 }))).toBe(true);
    expect(notifyUndoable).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'deletion', title: 'Post moved to the Recycle Bin' }),
    );
    undoLast();
    await waitFor(() =>
      expect(sent()).toEqual([
        [postEndpoints.bulkUpdate, { body: { ids: [4], is_archived: false } }],
      ]),
    );
  });

  it('a failed delete is told, without Undo', async () => {
    callApiMock.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Error 500'));
    const remove = renderAction(useDeletePostAction);
    expect(await act(() => remove.current.run({ id: 4 }))).toBe(false);
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      title: 'Error',
      description: 'Post could not be deleted.',
    });
    expect(notifyUndoable).not.toHaveBeenCalled();
  });

  it('transfer tells of it with Undo, which brings the post back to its list and place', async () => {
    callApiMock.mockResolvedValue({ data: aPost({ id: 4, collection_id: 8, order: 10 }) });
    const transfer = renderAction(useTransferPostAction);
    await act(() => transfer.current.run(aPost({ id: 4, collection_id: 5, order: 3 }), 8));
    expect(notifyUndoable).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'Post transferred' }),
    );
    undoLast();
    await waitFor(() => expect(callApiMock).toHaveBeenCalledTimes(2));
    expect(sent()).toEqual([
      [postEndpoints.bulkUpdate, { body: { ids: [4], collection_id: 5, is_uncategorized: false } }],
      [postEndpoints.update, { params: { id: 4 }, body: { order: 3 } }],
    ]);
  });

  it('restore tells where the post went, with Undo, which deletes it again', async () => {
    callApiMock.mockResolvedValue({ data: aPost({ id: 4, collection_id: null }) });
    const restore = renderAction(useRestorePostAction);
    await act(() => restore.current.run({ id: 4 }));
    expect(notifyUndoable).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'Restored to Uncategorized' }),
    );
    undoLast();
    await waitFor(() =>
      expect(sent()).toEqual([
        [postEndpoints.bulkUpdate, { body: { ids: [4], is_archived: true } }],
      ]),
    );
  });
});
