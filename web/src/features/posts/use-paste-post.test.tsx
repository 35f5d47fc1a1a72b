import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { notify } from '../../ui/notify.tsx';
import { postKeys, type ListedPost } from './posts.queries.ts';
import { usePasteIntoCollection } from './use-paste-post.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
vi.mock('../../ui/notify.tsx', () => ({ notify: vi.fn() }));
const callApiMock = vi.mocked(callApi);
const notifyMock = vi.mocked(notify);

const existing = aPost({ id: 3, title: 'Old', content: 'old', order: 4 });

let clipboard = '';
let queryClient: QueryClient;
const listKey = postKeys.page(5, 20);
const shown = () => queryClient.getQueryData<{ pages: ListedPost[][] }>(listKey)!.pages.flat();

function renderPaste(collectionId = 5) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePasteIntoCollection(collectionId), { wrapper }).result;
}

beforeEach(() => {
  callApiMock.mockReset();
  notifyMock.mockReset();
  queryClient = new QueryClient();
  queryClient.setQueryData(listKey, { pages: [[existing]], pageParams: [undefined] });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { readText: async () => clipboard },
  });
});

describe('usePasteIntoCollection (PRODUCT.md#paste, #validation, #messages)', () => {
  it('shows a placeholder above the highest order at once, then the saved post in its place', async () => {
    clipboard = ' https://example.com/a ';
    let answer: (value: unknown) => void = () => {};
    callApiMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const paste = renderPaste();
    await act(() => paste.current());

    expect(shown().map((post) => [post.type, post.order])).toEqual([
      ['placeholder', 5],
      ['text', 4],
    ]);
    expect(callApiMock.mock.calls[0]![1]).toEqual({
      body: {
        content: 'https://example.com/a',
        collection_id: 5,
        is_uncategorized: false,
        tag_names: [],
      },
    });
    const saved = { ...existing, id: 9, type: 'link', order: 5 } as Post;
    await act(async () => answer({ data: saved }));
    await waitFor(() => expect(shown().map((post) => post.id)).toEqual([9, 3]));
  });

  it('pastes into Uncategorized with collection_id null and is_uncategorized true', async () => {
    clipboard = 'note';
    callApiMock.mockResolvedValue({ data: { ...existing, id: 10, collection_id: null } });
    const paste = renderPaste(0);
    await act(() => paste.current());
    expect(callApiMock.mock.calls[0]![1]).toMatchObject({
      body: { collection_id: null, is_uncategorized: true },
    });
  });

  it('removes the placeholder and tells why when saving fails', async () => {
    clipboard = 'x'.repeat(10);
    callApiMock.mockRejectedValue(new ApiError(400, 'VALIDATION', 'content: '.padEnd(80, 'y')));
    const paste = renderPaste();
    await act(() => paste.current());
    await waitFor(() => expect(shown().map((post) => post.id)).toEqual([3]));
    expect(notifyMock).toHaveBeenCalledWith({
      type: 'error',
      title: 'Error 400',
      description: 'content: '.padEnd(60, 'y'),
    });
  });

  it('says the clipboard is empty and creates nothing', async () => {
    clipboard = '  \n ';
    const paste = renderPaste();
    await act(() => paste.current());
    expect(callApiMock).not.toHaveBeenCalled();
    expect(notifyMock).toHaveBeenCalledWith({
      type: 'error',
      title: 'Nothing to paste',
      description: 'Clipboard is empty.',
    });
    expect(shown()).toHaveLength(1);
  });
});
