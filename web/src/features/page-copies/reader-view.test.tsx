import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectionEndpoints } from '../../../../contract/collections.ts';
import { pageCopyEndpoints, type PageCopy } from '../../../../contract/page-copies.ts';
import { postEndpoints, type Post } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/dates.ts';
import { notify } from '../../ui/notify.tsx';
import { PostReadRoute } from '../../routes/post-read.tsx';
import { aCollection } from '../../test/collection-fixture.ts';
import { aPost } from '../../test/post-fixture.ts';
import { ShareAccessContext, type ShareAccess } from '../shares/share-access.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
vi.mock('../../ui/notify.tsx', () => ({ notify: vi.fn() }));
const callApiMock = vi.mocked(callApi);
const notifyMock = vi.mocked(notify);

const NONE: PageCopy = {
  status: 'none',
  copied_at: null,
  failure: null,
  kind: null,
  title: null,
  byline: null,
  site_name: null,
  published_at: null,
  excerpt: null,
  lang: null,
  word_count: null,
  reading_minutes: null,
  html: null,
};

const SAVED: PageCopy = {
  ...NONE,
  status: 'saved',
  copied_at: '2026-11-20T10:00:00.000Z',
  kind: 'article',
  title: 'How rivers shape cities',
  byline: 'Ada Lovelace',
  site_name: 'The River Review',
  published_at: '2026-11-02T08:00:00.000Z',
  excerpt: 'Cities grow along water.',
  lang: 'en',
  word_count: 1400,
  reading_minutes: 7,
  html: '<h2>Banks</h2><p>Cities grow along water.</p><img src="/api/files/AbCdEfGhIjKlMnOpQr_-12.webp" alt="A river"><blockquote>Water first.</blockquote>',
};

const QUEUED: PageCopy = { ...NONE, status: 'queued' };

const FAILED: PageCopy = {
  ...NONE,
  status: 'failed',
  failure: { reason: 'http_status', text: 'The site answered 404: the page is gone.' },
};

/** The fake server's post, its copy and the signed-in user's tree. */
let post: Post;
let copy: PageCopy;
let sharedCollectionPermission: number;
/** Set to make a refresh fail with this error. */
let refreshFailure: ApiError | undefined;

function fakeServer(endpoint: unknown, input: unknown): Promise<unknown> {
  const { params } = (input ?? {}) as { params?: { id: number } };
  if (endpoint === postEndpoints.get) {
    return params?.id === post.id
      ? Promise.resolve({ data: post })
      : Promise.reject(new ApiError(404, 'NOT_FOUND', 'Post not found.'));
  }
  if (endpoint === pageCopyEndpoints.get) {
    return params?.id === post.id
      ? Promise.resolve({ data: copy })
      : Promise.reject(new ApiError(404, 'NOT_FOUND', 'Post not found.'));
  }
  if (endpoint === pageCopyEndpoints.refresh) {
    if (refreshFailure) return Promise.reject(refreshFailure);
    // As the server does: a refresh keeps the copy it had.
    copy = copy.kind === null ? QUEUED : { ...copy, status: 'queued', failure: null };
    return Promise.resolve({ data: copy });
  }
  if (endpoint === collectionEndpoints.list) {
    return Promise.resolve({
      data: {
        collections: [aCollection(5, 'Reading', { permission: 7 })],
        shared_collections: [
          aCollection(6, 'Their list', { user_id: 2, permission: sharedCollectionPermission }),
        ],
        uncategorized_post_count: 0,
      },
    });
  }
  throw new Error('unexpected request');
}

const callsTo = (endpoint: unknown) =>
  callApiMock.mock.calls.filter(([called]) => called === endpoint).map(([, input]) => input);

beforeEach(() => {
  post = aPost({
    id: 3,
    type: 'link',
    title: 'Rivers',
    content: 'https://rivers.example/cities',
    url: 'https://rivers.example/cities',
    base_url: 'https://rivers.example',
    preview_status: 'done',
    collection_id: 5,
  });
  copy = SAVED;
  sharedCollectionPermission = 4;
  refreshFailure = undefined;
  notifyMock.mockReset();
  callApiMock.mockReset();
  callApiMock.mockImplementation(fakeServer);
});

afterEach(() => {
  vi.useRealTimers();
});

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderReader(path = '/p/3/read', share: ShareAccess | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ShareAccessContext value={share}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/p/:postId/read" element={<PostReadRoute />} />
            <Route path="/p/:postId" element={<p>The post</p>} />
          </Routes>
          <Address />
        </MemoryRouter>
      </ShareAccessContext>
    </QueryClientProvider>,
  );
}

const aShare: ShareAccess = {
  token: 'share-token-abc',
  auth: {
    collection_id: 5,
    permission: 4,
    include_descendants: false,
    collection: { id: 5, name: 'Reading', icon_id: null, post_count: 1, nested: [] },
  },
};

describe('the reader view of a saved copy', () => {
  it('shows a placeholder until the post and its copy are loaded', async () => {
    renderReader();
    expect(screen.getByTestId('reader-placeholder')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'How rivers shape cities' });
    expect(screen.queryByTestId('reader-placeholder')).not.toBeInTheDocument();
  });

  it('shows the page’s title as a link to the original, its site, byline, reading time and dates', async () => {
    renderReader();
    const heading = await screen.findByRole('heading', { name: 'How rivers shape cities' });
    const titleLink = within(heading).getByRole('link');
    expect(titleLink).toHaveAttribute('href', 'https://rivers.example/cities');
    expect(titleLink).toHaveAttribute('target', '_blank');
    expect(titleLink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('The River Review')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('7 min read')).toBeInTheDocument();
    expect(
      screen.getByText(`Published ${formatDay('2026-11-02T08:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(screen.getByText(`Saved ${formatDay('2026-11-20T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open original' })).toHaveAttribute(
      'href',
      'https://rivers.example/cities',
    );
    expect(document.title).toBe('Nestmark - How rivers shape cities');
    expect(heading).toHaveAttribute('lang', 'en');
  });

  it('shows the readable copy with its headings, images and quotes', async () => {
    renderReader();
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'Banks' })).toBeInTheDocument();
    expect(within(article).getByText('Cities grow along water.')).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'A river' })).toHaveAttribute(
      'src',
      '/api/files/AbCdEfGhIjKlMnOpQr_-12.webp',
    );
    // In the page's language, which the app's own words around it are not.
    expect(within(article).getByText('Water first.').closest('.reader-content')).toHaveAttribute(
      'lang',
      'en',
    );
    expect(article).not.toHaveAttribute('lang');
  });

  it('leads back to the post', async () => {
    const user = userEvent.setup();
    renderReader();
    await user.click(await screen.findByRole('link', { name: 'Back to the post' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/p\/3$/);
  });

  it('shows the snapshot in a frame sandboxed without scripts or same-origin rights', async () => {
    const user = userEvent.setup();
    renderReader();
    await user.click(await screen.findByRole('button', { name: 'View snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' });
    const frame = within(dialog).getByTitle('Snapshot of The River Review');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('src', '/api/posts/3/copy/snapshot');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('asks for a new copy with Refresh copy, keeps the copy while it is made, and polls only while it is', async () => {
    renderReader();
    const refresh = await screen.findByRole('button', { name: 'Refresh copy' });
    vi.useFakeTimers();
    fireEvent.click(refresh);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(pageCopyEndpoints.refresh)).toEqual([{ params: { id: 3 } }]);
    expect(screen.getByText('Refreshing the copy…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Refresh copy' })).not.toBeInTheDocument();
    // The copy it had is read meanwhile, its snapshot too.
    expect(screen.getByRole('button', { name: 'View snapshot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How rivers shape cities' })).toBeInTheDocument();

    // The copy is ready on the server: the next read of the one query shows it.
    const readsBefore = callsTo(pageCopyEndpoints.get).length;
    copy = { ...SAVED, title: 'How rivers shape cities, again' };
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(callsTo(pageCopyEndpoints.get).length).toBe(readsBefore);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(callsTo(pageCopyEndpoints.get).length).toBe(readsBefore + 1);
    expect(
      screen.getByRole('heading', { name: 'How rivers shape cities, again' }),
    ).toBeInTheDocument();

    // Saved: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsTo(pageCopyEndpoints.get).length).toBe(readsBefore + 1);
  });
});

describe('a refresh that failed', () => {
  it('says why, and keeps the copy saved before, with its snapshot and a new refresh', async () => {
    copy = {
      ...SAVED,
      failure: { reason: 'http_status', text: 'The site answered 404: the page is gone.' },
    };
    renderReader();
    const notice = (await screen.findByText(/^The last refresh failed/)).closest('p');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(
      'The last refresh failed: The site answered 404: the page is gone. This is the copy saved before.',
    );
    expect(screen.getByRole('heading', { name: 'How rivers shape cities' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View snapshot' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('a copy that is not saved', () => {
  it('says a queued copy is being saved, with nothing to read or refresh', async () => {
    copy = QUEUED;
    renderReader();
    expect(await screen.findByText('Saving a copy of this page…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /copy|again/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open original' })).toBeInTheDocument();
    // The post's own title stands in for the page's.
    expect(screen.getByRole('heading', { name: 'Rivers' })).toBeInTheDocument();
  });

  it('says why a copy failed and tries again', async () => {
    const user = userEvent.setup();
    copy = FAILED;
    renderReader();
    expect(await screen.findByText('The site answered 404: the page is gone.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(callsTo(pageCopyEndpoints.refresh)).toEqual([{ params: { id: 3 } }]);
    expect(await screen.findByText('Saving a copy of this page…')).toBeInTheDocument();
  });

  it('offers to save a first copy', async () => {
    const user = userEvent.setup();
    copy = NONE;
    renderReader();
    expect(await screen.findByText('No copy yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View snapshot' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save a copy' }));
    expect(callsTo(pageCopyEndpoints.refresh)).toEqual([{ params: { id: 3 } }]);
    expect(await screen.findByText('Saving a copy of this page…')).toBeInTheDocument();
  });

  it('tells why a refresh was refused and keeps the copy as it was', async () => {
    const user = userEvent.setup();
    copy = FAILED;
    refreshFailure = new ApiError(403, 'FORBIDDEN', 'You may not change this post.');
    renderReader();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(notifyMock).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', description: 'You may not change this post.' }),
      ),
    );
    expect(screen.getByText('The site answered 404: the page is gone.')).toBeInTheDocument();
    expect(screen.queryByText('Saving a copy of this page…')).not.toBeInTheDocument();
  });

  it('offers no refresh to a member who may only read the post', async () => {
    post = { ...post, collection_id: 6 };
    copy = FAILED;
    renderReader();
    expect(await screen.findByText('The site answered 404: the page is gone.')).toBeInTheDocument();
    // The permission comes with the tree: wait until it is read and shown.
    await waitFor(() => expect(callsTo(collectionEndpoints.list)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a refresh to a member who may edit the shared post', async () => {
    post = { ...post, collection_id: 6 };
    sharedCollectionPermission = 7;
    copy = NONE;
    renderReader();
    expect(await screen.findByRole('button', { name: 'Save a copy' })).toBeInTheDocument();
  });
});

describe('through a public share', () => {
  it('reads the copy with the share token and shows the snapshot with it, without a refresh', async () => {
    const user = userEvent.setup();
    renderReader('/p/3/read?token=share-token-abc', aShare);
    await screen.findByRole('heading', { name: 'How rivers shape cities' });
    expect(callsTo(pageCopyEndpoints.get)[0]).toMatchObject({
      params: { id: 3 },
      bearer: 'share-token-abc',
    });
    expect(callsTo(collectionEndpoints.list)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Refresh copy' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      '/p/3?token=share-token-abc',
    );
    await user.click(screen.getByRole('button', { name: 'View snapshot' }));
    expect(screen.getByTitle('Snapshot of The River Review')).toHaveAttribute(
      'src',
      '/api/posts/3/copy/snapshot?token=share-token-abc',
    );
  });

  it('says a post the share does not open is not shared', async () => {
    renderReader('/p/4/read?token=share-token-abc', aShare);
    expect(await screen.findByText('This post is not shared')).toBeInTheDocument();
  });
});

describe('what has no reader view', () => {
  it('is not found when the post does not exist', async () => {
    renderReader('/p/4/read');
    expect(await screen.findByText('This post does not exist')).toBeInTheDocument();
  });

  it('says a note has none', async () => {
    post = aPost({ id: 3, type: 'text', content: '<p>Hello</p>' });
    renderReader();
    expect(await screen.findByText('A note has no reader view')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the note' })).toHaveAttribute('href', '/p/3');
  });
});
