import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { useClearRecycleBin, useRestorePost } from './recycle-bin.queries.ts';
import { postKeys, type PostPages } from '../posts/posts.queries.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

let queryClient: QueryClient;
const binKey = postKeys.recycleBinPage(20);
const bin = () => queryClient.getQueryData<PostPages>(binKey)?.pages.flat();

function render<T>(hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper }).result;
}

beforeEach(() => {
  callApiMock.mockReset();
  queryClient = new QueryClient();
  queryClient.setQueryData<PostPages>(binKey, {
    pages: [[aPost({ id: 1, is_archived: true })], [aPost({ id: 2, is_archived: true })]],
    pageParams: [undefined, 1],
  });
});

describe('useClearRecycleBin (PRODUCT.md#after-an-action: the list empties even after failure)', () => {
  it('empties the list when the bin is cleared', async () => {
    callApiMock.mockResolvedValue(undefined);
    const clear = render(useClearRecycleBin);
    await act(() => clear.current.mutateAsync());
    expect(callApiMock.mock.calls[0]![1]).toEqual({ query: { is_trashed: true } });
    expect(bin()).toEqual([]);
  });

  it('empties the list when clearing fails too', async () => {
    callApiMock.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Error 500'));
    const clear = render(useClearRecycleBin);
    await act(() => expect(clear.current.mutateAsync()).rejects.toBeInstanceOf(ApiError));
    expect(bin()).toEqual([]);
  });
});

describe('useRestorePost (PRODUCT.md#post-lists: restore sets is_archived false)', () => {
  it('sends is_archived false and takes the post out of the recycle bin', async () => {
    callApiMock.mockResolvedValue({ data: aPost({ id: 1 }) });
    const restore = render(useRestorePost);
    await act(() => restore.current.mutateAsync({ id: 1 }));
    expect(callApiMock.mock.calls[0]![1]).toEqual({
      params: { id: 1 },
      body: { is_archived: false },
    });
    expect(bin()?.map((post) => post.id)).toEqual([2]);
  });
});
