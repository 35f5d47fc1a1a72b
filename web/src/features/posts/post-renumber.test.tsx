import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { orderAfterMove } from './post-order.ts';
import { postKeys, useDeletePost, useTransferPost, type ListedPost } from './posts.queries.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

let queryClient: QueryClient;
const listKey = postKeys.page(5, 2);
const shown = () =>
  queryClient
    .getQueryData<{ pages: ListedPost[][] }>(listKey)!
    .pages.flat()
    .map((post) => [post.title, post.order]);

function render<T>(hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper }).result;
}

// A5 B4 | C3 D2 | E1, in pages of two as the list holds them.
const titles = ['A', 'B', 'C', 'D', 'E'];
const posts = titles.map((title, index) => aPost({ id: 10 + index, title, order: 5 - index }));

beforeEach(() => {
  callApiMock.mockReset();
  queryClient = new QueryClient();
  queryClient.setQueryData(listKey, {
    pages: [posts.slice(0, 2), posts.slice(2, 4), posts.slice(4)],
    pageParams: [undefined, 11, 13],
  });
});

describe('a post leaving a list renumbers the posts above it (PRODUCT.md#post-lists)', () => {
  it('delete: the orders close the gap, so a later drag stores the order the server expects', async () => {
    callApiMock.mockResolvedValue(undefined);
    const remove = render(useDeletePost);
    await act(() => remove.current.mutateAsync({ id: 12 }));
    expect(shown()).toEqual([
      ['A', 4],
      ['B', 3],
      ['D', 2],
      ['E', 1],
    ]);
    // Dragging A below D (index 0 to 2): the server, which renumbered too, must get order 2.
    const [a] = queryClient.getQueryData<{ pages: ListedPost[][] }>(listKey)!.pages.flat();
    expect(orderAfterMove(a!, 0, 2)).toBe(2);
  });

  it('transfer: the orders close the gap in the list the post left', async () => {
    callApiMock.mockResolvedValue({ data: { ...posts[1]!, collection_id: 6, order: 9 } });
    const transfer = render(useTransferPost);
    await act(() => transfer.current.mutateAsync({ id: 11, collectionId: 6 }));
    expect(shown()).toEqual([
      ['A', 4],
      ['C', 3],
      ['D', 2],
      ['E', 1],
    ]);
  });
});
