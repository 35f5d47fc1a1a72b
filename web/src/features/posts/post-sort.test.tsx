import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { postSortKey, usePostSort } from './post-sort.tsx';
import { postKeys, useMovePost, type PostPages } from './posts.queries.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

describe('usePostSort', () => {
  it('starts in manual order and remembers a choice for that collection only', () => {
    const first = renderHook(() => usePostSort(4)).result;
    expect(first.current[0]).toBe('manual');
    act(() => first.current[1]('title'));
    expect(first.current[0]).toBe('title');
    expect(localStorage.getItem(postSortKey(4))).toBe('"title"');

    expect(renderHook(() => usePostSort(4)).result.current[0]).toBe('title');
    expect(renderHook(() => usePostSort(5)).result.current[0]).toBe('manual');
  });

  it('ignores a stored value that is not a sort', () => {
    localStorage.setItem(postSortKey(0), '"random"');
    expect(renderHook(() => usePostSort(0)).result.current[0]).toBe('manual');
  });
});

describe('a drag in manual order', () => {
  let queryClient: QueryClient;
  const manual = postKeys.page(5, 20);
  const byTitle = postKeys.page(5, 20, undefined, 'title');
  const titles = (key: readonly unknown[]) =>
    queryClient
      .getQueryData<PostPages>(key)!
      .pages.flat()
      .map((post) => post.title);

  beforeEach(() => {
    callApiMock.mockReset();
    queryClient = new QueryClient();
    const [a, b, c] = ['A', 'B', 'C'].map((title, index) =>
      aPost({ id: 10 + index, title, order: 3 - index }),
    );
    queryClient.setQueryData<PostPages>(manual, { pages: [[a!, b!, c!]], pageParams: [undefined] });
    queryClient.setQueryData<PostPages>(byTitle, {
      pages: [[a!, b!, c!]],
      pageParams: [undefined],
    });
  });

  it('moves the post in the manual list only; the list sorted by title keeps its order', async () => {
    callApiMock.mockResolvedValue({ data: aPost({ id: 10, title: 'A', order: 1 }) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const move = renderHook(() => useMovePost(5), { wrapper }).result;
    const post = aPost({ id: 10, title: 'A', order: 3 });
    await act(() => move.current.mutateAsync({ id: 10, post, from: 0, to: 2 }));
    expect(titles(manual)).toEqual(['B', 'C', 'A']);
    expect(titles(byTitle)).toEqual(['A', 'B', 'C']);
  });
});
