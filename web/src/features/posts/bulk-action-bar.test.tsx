import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BULK_EDIT_MAX, postEndpoints } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { collectionKeys } from '../collections/collection-keys.ts';
import { tagKeys } from '../tags/tags.queries.ts';
import { notifyUndoable } from '../../ui/notify.tsx';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { SelectionBar } from './post-selection.tsx';
import { postKeys, type PostPages } from './posts.queries.ts';
import { usePostSelection } from './use-post-selection.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);
vi.mock('../../ui/notify.tsx', () => ({ notify: vi.fn(), notifyUndoable: vi.fn() }));

let queryClient: QueryClient;
const onClear = vi.fn();
const listKey = postKeys.page(5, 20);
const shownIds = () =>
  queryClient
    .getQueryData<PostPages>(listKey)!
    .pages.flat()
    .map((post) => post.id);

/** The bodies sent to PATCH /api/posts. */
const bulkBodies = () =>
  callApiMock.mock.calls
    .filter(([endpoint]) => endpoint === postEndpoints.bulkUpdate)
    .map(([, input]) => (input as { body: unknown }).body);

function renderBar(ids: number[], inRecycleBin = false) {
  render(
    <QueryClientProvider client={queryClient}>
      <BulkActionBar ids={ids} inRecycleBin={inRecycleBin} onClear={onClear} />
    </QueryClientProvider>,
  );
  return screen.getByRole('toolbar', { name: 'Selected posts' });
}

/** Answers every bulk edit with the ids it was sent (each changed). */
function answerChanged() {
  callApiMock.mockImplementation(async (_endpoint, input) => ({
    data: { ids: (input as { body: { ids: number[] } }).body.ids },
  }));
}

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(notifyUndoable).mockReset();
  onClear.mockReset();
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(collectionKeys.tree, {
    collections: [
      { ...aPost(), id: 7, name: 'Reading', parent_id: null, nested: [] },
      { ...aPost(), id: 8, name: 'Later', parent_id: null, nested: [] },
    ],
    shared: [],
  });
  queryClient.setQueryData(tagKeys.all, [{ id: 3, name: 'news', post_count: 2 }]);
  queryClient.setQueryData<PostPages>(listKey, {
    pages: [[1, 2, 3].map((id) => aPost({ id, order: 4 - id, tags: [] }))],
    pageParams: [undefined],
  });
});

describe('BulkActionBar', () => {
  it('says how many posts are chosen', () => {
    expect(renderBar([1, 2, 3])).toHaveTextContent('3 selected');
  });

  it('Delete sends is_archived true, takes the posts out of the list and clears the choice', async () => {
    answerChanged();
    const bar = renderBar([1, 3]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [1, 3], is_archived: true }]);
    expect(shownIds()).toEqual([2]);
  });

  it('Move sends the collection chosen in the tree', async () => {
    answerChanged();
    const bar = renderBar([2, 1]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 posts' });
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Later' }));
    await userEvent.click(move);
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [2, 1], collection_id: 8, is_uncategorized: false }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Move tells of it with Undo, which brings the posts back to their list and places', async () => {
    answerChanged();
    const bar = renderBar([1, 3]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 posts' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Later' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notifyUndoable).toHaveBeenCalled());
    const [{ title, undo }] = vi.mocked(notifyUndoable).mock.calls[0]!;
    expect(title).toBe('2 posts moved');
    callApiMock.mockClear();
    undo();
    await waitFor(() => expect(callApiMock).toHaveBeenCalledTimes(3));
    expect(callApiMock.mock.calls.map(([, input]) => input)).toEqual([
      { body: { ids: [1, 3], collection_id: 5, is_uncategorized: false } },
      { params: { id: 3 }, body: { order: 1 } },
      { params: { id: 1 }, body: { order: 3 } },
    ]);
  });

  it('Move to Uncategorized sends is_uncategorized', async () => {
    answerChanged();
    const bar = renderBar([2]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 post' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Uncategorized' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [2], collection_id: null, is_uncategorized: true }]);
  });

  it('Add tags sends the names picked, a known one and a new one', async () => {
    answerChanged();
    const bar = renderBar([1, 2]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Add tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags to 2 posts' });
    const input = within(dialog).getByRole('combobox', { name: 'Tags' });
    await userEvent.type(input, 'new{Enter}');
    await userEvent.type(input, 'fresh{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [1, 2], add_tag_names: ['news', 'fresh'] }]);
  });

  it('Remove tags sends the names picked', async () => {
    answerChanged();
    const bar = renderBar([3]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Remove tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove tags from 1 post' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'news{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove tags' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [3], remove_tag_names: ['news'] }]);
  });

  it('in the recycle bin offers Restore (is_archived false) instead of Move and Delete', async () => {
    answerChanged();
    const bar = renderBar([4, 5], true);
    expect(within(bar).queryByRole('button', { name: 'Move' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([{ ids: [4, 5], is_archived: false }]);
  });

  it('disables its buttons while the request runs and says what it does', async () => {
    let answer: (value: never) => void = () => {};
    callApiMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const bar = renderBar([1, 2]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(bar).toHaveTextContent('Deleting 2 posts…');
    for (const button of within(bar).getAllByRole('button')) expect(button).toBeDisabled();
    answer({ data: { ids: [1, 2] } } as never);
    await waitFor(() => expect(onClear).toHaveBeenCalled());
  });

  it("shows the server's message when the edit fails, and keeps the choice", async () => {
    callApiMock.mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'You may not change post 2.', {}));
    const bar = renderBar([1, 2]);
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not change post 2.');
    expect(onClear).not.toHaveBeenCalled();
    expect(shownIds()).toEqual([1, 2, 3]);
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it(`sends more than ${BULK_EDIT_MAX} posts in chunks, one after another`, async () => {
    answerChanged();
    const ids = Array.from({ length: BULK_EDIT_MAX + 500 }, (_, index) => index + 1);
    const bar = renderBar(ids);
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkBodies()).toEqual([
      { ids: ids.slice(0, BULK_EDIT_MAX), is_archived: true },
      { ids: ids.slice(BULK_EDIT_MAX), is_archived: true },
    ]);
  });

  it('a failing later chunk says how many posts were changed before it', async () => {
    callApiMock
      .mockResolvedValueOnce({ data: { ids: [1] } })
      .mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', 'Post 1200 was not found.', {}));
    const ids = Array.from({ length: BULK_EDIT_MAX + 500 }, (_, index) => index + 1);
    const bar = renderBar(ids);
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Post 1200 was not found. The first ${BULK_EDIT_MAX} of the ${ids.length} posts were changed.`,
    );
  });

  it('arrow keys move between its buttons', () => {
    const bar = renderBar([1]);
    const [move, addTags] = within(bar).getAllByRole('button');
    move!.focus();
    fireEvent.keyDown(move!, { key: 'ArrowRight' });
    expect(addTags).toHaveFocus();
    fireEvent.keyDown(addTags!, { key: 'ArrowLeft' });
    expect(move).toHaveFocus();
  });
});

describe('SelectionBar', () => {
  /** Ends the list's read after the edit (the test decides when). */
  let finishRead = () => {};

  /** The list of `listKey` with its selection and bar, as a list component holds them. */
  function List() {
    const list = useQuery<PostPages>({
      queryKey: listKey,
      queryFn: () =>
        new Promise((resolve) => {
          finishRead = () => resolve({ pages: [[]], pageParams: [undefined] });
        }),
    });
    const ids = list.data?.pages.flat().map((post) => post.id) ?? [];
    const selection = usePostSelection(ids, 'list');
    return (
      <>
        <button type="button" onClick={selection.selectAll}>
          Select all
        </button>
        <SelectionBar selection={selection} />
      </>
    );
  }

  it('shows once a post is chosen, and stays while the posts it deletes leave the list', async () => {
    answerChanged();
    render(
      <QueryClientProvider client={queryClient}>
        <List />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('toolbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected posts' });
    expect(bar).toHaveTextContent('3 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    // The posts have left the list; the list is read again, and the bar says what it does.
    await waitFor(() => expect(shownIds()).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Select all' })).toBeVisible());
    expect(screen.getByRole('toolbar')).toHaveTextContent('Deleting 3 posts…');
    finishRead();
    await waitFor(() =>
      expect(notifyUndoable).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'deletion', title: '3 posts moved to the Recycle Bin' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
  });
});
