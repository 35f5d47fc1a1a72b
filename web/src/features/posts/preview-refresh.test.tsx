import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { PostCard } from './post-card.tsx';
import { postKeys, usePostList, type PostPages } from './posts.queries.ts';
import {
  mergeRefreshedPage,
  pendingPageIndexes,
  PREVIEW_REFRESH_ROUNDS,
  previewRefreshDelay,
} from './preview-refresh.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const link = (id: number, preview: Post['preview_status'], order = id) =>
  aPost({
    id,
    type: 'link',
    url: `https://example.com/${id}`,
    content: `https://example.com/${id}`,
    title: `Bookmark ${id}`,
    preview_status: preview,
    order,
  });

describe('pendingPageIndexes', () => {
  const pages = [[link(9, 'done')], [link(8, 'pending'), link(7, 'done')], [link(6, 'pending')]];

  it('names the pages holding a pending preview', () => {
    expect(pendingPageIndexes(pages)).toEqual([1, 2]);
    expect(pendingPageIndexes([[aPost({ preview_status: null })]])).toEqual([]);
  });

  it('keeps to the pages overlapping the posts in view when told', () => {
    expect(pendingPageIndexes(pages, { first: 0, last: 1 })).toEqual([1]);
    expect(pendingPageIndexes(pages, { first: 3, last: 10 })).toEqual([2]);
    expect(pendingPageIndexes(pages, { first: 0, last: 0 })).toEqual([]);
  });
});

describe('mergeRefreshedPage', () => {
  it('puts in the fresh posts by id, keeping the order numbers of the list', () => {
    const merged = mergeRefreshedPage(
      [link(8, 'pending', 5), link(7, 'pending', 4)],
      [{ ...link(8, 'done', 2), title: 'Filled in' }],
    );
    expect(merged.map((post) => [post.id, post.title, post.preview_status, post.order])).toEqual([
      [8, 'Filled in', 'done', 5],
      [7, 'Bookmark 7', 'pending', 4],
    ]);
  });
});

describe('previewRefreshDelay', () => {
  it('grows from 1 s by half and stops growing at 10 s', () => {
    expect([0, 1, 2].map(previewRefreshDelay)).toEqual([1_000, 1_500, 2_250]);
    expect(previewRefreshDelay(20)).toBe(10_000);
  });
});

describe('usePostList refreshes pending previews by page, never by card', () => {
  let queryClient: QueryClient;
  const key = postKeys.page(5, 2);
  const pages = () => queryClient.getQueryData<PostPages>(key)!.pages;

  beforeEach(() => {
    vi.useFakeTimers();
    callApiMock.mockReset();
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData<PostPages>(key, {
      pages: [
        [link(20, 'pending'), link(19, 'pending')],
        [link(18, 'done'), link(17, 'done')],
        [link(16, 'pending'), link(15, 'failed')],
      ],
      pageParams: [undefined, 19, 17],
    });
  });
  afterEach(() => vi.useRealTimers());

  function renderList() {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => usePostList(5, 2), { wrapper });
  }

  it('reads each pending page once a round, and stops when none is pending', async () => {
    // First round: pages 1 and 3 are pending; page 1 comes back still half pending.
    callApiMock.mockImplementation((async (
      _endpoint: unknown,
      input: { query: { after_id?: number } },
    ) => ({
      data:
        input.query.after_id === undefined
          ? [link(20, 'done'), link(19, 'pending')]
          : [link(16, 'done'), link(15, 'failed')],
    })) as never);
    renderList();
    expect(callApiMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(previewRefreshDelay(0)));
    expect(callApiMock.mock.calls.map(([, input]) => (input as { query: unknown }).query)).toEqual([
      { collection_id: 5, limit: 2, after_id: undefined, withTags: true, sort: 'manual' },
      { collection_id: 5, limit: 2, after_id: 17, withTags: true, sort: 'manual' },
    ]);
    expect(
      pages()
        .flat()
        .map((post) => post.preview_status),
    ).toEqual(['done', 'pending', 'done', 'done', 'done', 'failed']);

    // Second round, after a longer pause: only the first page is read again.
    callApiMock.mockClear();
    callApiMock.mockResolvedValue({ data: [link(20, 'done'), link(19, 'done')] });
    await act(() => vi.advanceTimersByTimeAsync(previewRefreshDelay(0)));
    expect(callApiMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(previewRefreshDelay(1) - previewRefreshDelay(0)));
    expect(callApiMock).toHaveBeenCalledTimes(1);

    // Nothing pending: no more requests, however long the list stays open.
    callApiMock.mockClear();
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_REFRESH_ROUNDS * 10_000));
    expect(callApiMock).not.toHaveBeenCalled();
  });
});

describe('a link card while its preview is pending', () => {
  it('shows the title and description it already has; only the picture waits', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PostCard
            post={{ ...link(3, 'pending'), title: 'Imported title', description: 'Imported text' }}
            permission={0}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Imported title' })).toBeVisible();
    expect(screen.getByText('Imported text')).toBeVisible();
    expect(screen.queryByText('Fetching preview…')).toBeNull();
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true');
  });
});
