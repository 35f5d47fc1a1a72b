import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postEndpoints, type Post } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { FavoriteToggle } from './favorite-toggle.tsx';
import { favoriteKeys } from './favorites.queries.ts';
import { postKeys, type PostPages } from './posts.queries.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const listKey = postKeys.page(5, 20);
let queryClient: QueryClient;

/** The star of the post as the detail cache holds it, as a card or the editor draws it. */
function CachedStar() {
  const post = useQuery<Post>({
    queryKey: postKeys.detail(9),
    queryFn: () => new Promise(() => {}),
    staleTime: Infinity,
  });
  return post.data ? <FavoriteToggle post={post.data} /> : null;
}

/** Resolves or rejects the PATCH the toggle sent; until then it is in flight. */
let answer: { resolve: (value: unknown) => void; reject: (error: unknown) => void };

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(postKeys.detail(9), aPost());
  queryClient.setQueryData<PostPages>(listKey, {
    pages: [[aPost(), aPost({ id: 10 })]],
    pageParams: [undefined],
  });
  callApiMock.mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        answer = { resolve, reject };
      }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <CachedStar />
    </QueryClientProvider>,
  );
});
afterEach(() => vi.clearAllMocks());

const listed = () =>
  queryClient
    .getQueryData<PostPages>(listKey)!
    .pages.flat()
    .map((post) => [post.id, post.is_favorite]);

describe('FavoriteToggle', () => {
  it('stars at once, everywhere the post is cached, and sends is_favorite alone', async () => {
    const star = screen.getByRole('button', { name: 'Add to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(star);

    // Before the server answers.
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(listed()).toEqual([
      [9, true],
      [10, false],
    ]);
    expect(callApiMock).toHaveBeenCalledWith(postEndpoints.update, {
      params: { id: 9 },
      body: { is_favorite: true },
    });

    answer.resolve({ data: aPost({ is_favorite: true }) });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: favoriteKeys.all }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toBeInTheDocument();
  });

  it('puts the star back when the server refuses', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toBeInTheDocument();

    answer.reject(new ApiError(404, 'NOT_FOUND', 'Post not found.'));
    const star = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(listed()).toEqual([
      [9, false],
      [10, false],
    ]);
  });
});
