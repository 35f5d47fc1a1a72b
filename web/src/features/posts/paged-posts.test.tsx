import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { useRecycleBin, useTaggedPosts } from './posts.queries.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

/** 5 posts, ids 50 down to 46, served by cursor as GET /api/posts serves them. */
const posts = [50, 49, 48, 47, 46].map((id) => aPost({ id }));
const queries = () =>
  callApiMock.mock.calls.map(([, input]) => (input as { query: Record<string, unknown> }).query);

function render<T>(hook: () => T) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper }).result;
}

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation(async (_endpoint, input) => {
    const { after_id: afterId, limit } = (input as { query: { after_id?: number; limit: number } })
      .query;
    const start = afterId === undefined ? 0 : posts.findIndex((post) => post.id === afterId) + 1;
    return { data: posts.slice(start, start + limit) };
  });
});

describe.each([
  ['a tag page', () => useTaggedPosts(3, 2), { tag_id: 3 }],
  ['the recycle bin', () => useRecycleBin(2), { is_archived: true }],
])('%s is read by cursor (after_id), never whole', (_name, hook, filter) => {
  it('reads the next page after the last post until a page comes back empty', async () => {
    const list = render(hook);
    await waitFor(() => expect(list.current.data?.pages).toHaveLength(1));
    expect(queries()).toEqual([{ ...filter, limit: 2, after_id: undefined, withTags: true }]);

    for (const afterId of [49, 47, 46]) {
      await act(() => list.current.fetchNextPage());
      expect(queries().at(-1)).toEqual({ ...filter, limit: 2, after_id: afterId, withTags: true });
    }
    await waitFor(() => expect(list.current.hasNextPage).toBe(false));
    expect(list.current.data?.pages.flat().map((post) => post.id)).toEqual([50, 49, 48, 47, 46]);
  });
});
