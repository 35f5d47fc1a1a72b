import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { notify } from '../../ui/notify.tsx';
import { aPost } from '../../test/post-fixture.ts';
import type { PostEditorInput, PostEditorState } from './use-post-editor.ts';
import { usePostEditor } from './use-post-editor.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
vi.mock('../../ui/notify.tsx', () => ({ notify: vi.fn() }));
const callApiMock = vi.mocked(callApi);
const notifyMock = vi.mocked(notify);

const saved = aPost({ tags: [] });

let state: PostEditorState;
function Harness({
  input,
  expose,
}: {
  input: PostEditorInput;
  expose: (state: PostEditorState) => void;
}) {
  const current = usePostEditor(input);
  useEffect(() => {
    expose(current);
  });
  return null;
}

function renderEditor(input: PostEditorInput) {
  const router = createMemoryRouter(
    [
      {
        path: '/editor',
        element: (
          <Harness
            input={input}
            expose={(next) => {
              state = next;
            }}
          />
        ),
      },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  callApiMock.mockReset();
  notifyMock.mockReset();
});

describe('usePostEditor', () => {
  it('silently does nothing when the content is empty', async () => {
    renderEditor({ title: 'Only a title', content: '', collectionId: 0 });
    await act(() => state.save());
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it('creates an Uncategorized post without the single wrapping paragraph, then goes to its collection', async () => {
    callApiMock.mockResolvedValue({ data: { ...saved, collection_id: null } });
    const router = renderEditor({
      title: ' Link ',
      content: '<p>https://example.com</p>',
      collectionId: 0,
    });
    await act(() => state.save());
    expect(callApiMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/api/posts', method: 'POST' }),
      {
        body: {
          title: 'Link',
          content: 'https://example.com',
          collection_id: null,
          is_uncategorized: true,
          tag_names: [],
        },
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('ignores a second save while the first is in flight', async () => {
    let finish: (value: unknown) => void = () => {};
    callApiMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderEditor({ title: '', content: '<p>a</p><p>b</p>', collectionId: 5 });
    let first!: Promise<void>;
    act(() => {
      first = state.save();
      void state.save();
    });
    await waitFor(() => expect(callApiMock).toHaveBeenCalled());
    expect(callApiMock).toHaveBeenCalledTimes(1);
    expect(callApiMock.mock.calls[0]![1]).toMatchObject({
      body: { content: '<p>a</p><p>b</p>', collection_id: 5, is_uncategorized: false },
    });
    await act(async () => {
      finish({ data: saved });
      await first;
    });
    expect(router.state.location.pathname).toBe('/c/5');
  });

  it('keeps the post’s tags when editing and reports a failed update', async () => {
    callApiMock.mockRejectedValue(new Error('offline'));
    renderEditor({
      post: { ...saved, tags: [{ id: 1, name: 'keep' }] },
      title: 'T',
      content: '<p>x</p>',
      collectionId: 5,
    });
    await act(() => state.save());
    expect(callApiMock.mock.calls[0]![1]).toMatchObject({
      params: { id: 9 },
      body: { tag_names: ['keep'] },
    });
    expect(screen.queryByText('landed')).not.toBeInTheDocument();
    expect(notifyMock).toHaveBeenCalledWith({
      type: 'error',
      title: 'Error',
      description: 'Post could not be updated.',
    });
  });

  it('reports a failed create with its status (PRODUCT.md#messages)', async () => {
    callApiMock.mockRejectedValue(new ApiError(422, 'UNPROCESSABLE', 'nope'));
    renderEditor({ title: '', content: '<p>x</p>', collectionId: 0 });
    await act(() => state.save());
    expect(notifyMock).toHaveBeenCalledWith({
      type: 'error',
      title: 'Error 422',
      description: 'Post could not be created.',
    });
  });
});
