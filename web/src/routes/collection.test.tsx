import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionNode } from '../../../contract/collections.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import type * as ApiClient from '../lib/api-client.ts';
import { callApi } from '../lib/api-client.ts';
import { aPost } from '../test/post-fixture.ts';
import { aCollection } from '../test/collection-fixture.ts';
import { postSortKey } from '../features/posts/post-sort.tsx';
import { CollectionRoute } from './collection.tsx';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const collection = (
  id: number,
  name: string,
  counts: { own: number; all: number },
  nested: CollectionNode[] = [],
) =>
  aCollection(id, name, {
    post_count: counts.own,
    post_count_with_descendants: counts.all,
    nested,
  });

// Travel (12,345 posts; 12,360 with Japan's and Peru's) › Japan (10, with Kyoto's 14) › Kyoto, Peru.
const tree = [
  collection(5, 'Travel', { own: 12345, all: 12360 }, [
    collection(6, 'Japan', { own: 10, all: 14 }, [collection(8, 'Kyoto', { own: 4, all: 4 })]),
    collection(7, 'Peru and the Andes, a long name', { own: 1, all: 1 }),
  ]),
];
const posts = [
  aPost({ id: 1, title: 'Alpha', order: 2 }),
  aPost({ id: 2, title: 'Beta', order: 1 }),
];

/** The `sort` of each post list the page asked for. */
const listSorts = () =>
  callApiMock.mock.calls
    .filter(([endpoint]) => endpoint === postEndpoints.list)
    .map(([, input]) => (input as { query: { sort?: string } }).query.sort);

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<CollectionRoute />} />
          <Route path="/c/:collectionId" element={<CollectionRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** An observer that never reports: jsdom has no layout to observe. */
class SilentObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  // A desktop window for the page size and the menu (jsdom has no matchMedia).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal('ResizeObserver', SilentObserver);
  vi.stubGlobal('IntersectionObserver', SilentObserver);
  vi.stubGlobal('scrollTo', () => {});
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation(async (endpoint: unknown) => {
    if (endpoint === collectionEndpoints.list) {
      return {
        data: { collections: tree, shared_collections: [], uncategorized_post_count: 1 },
      };
    }
    if (endpoint === postEndpoints.list) return { data: posts };
    throw new Error('unexpected call');
  });
});

describe('the collection view', () => {
  it('shows its sub-collections as tiles linking to them, with their posts and those below', async () => {
    renderAt('/c/5');
    const tiles = await screen.findByRole('list', { name: 'Sub-collections' });
    const links = within(tiles).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/c/6', 'Japan14 posts'],
      ['/c/7', 'Peru and the Andes, a long name1 post'],
    ]);
    // The full name on hover, however narrow the tile.
    expect(links[1]).toHaveAttribute('title', 'Peru and the Andes, a long name');

    // Reached with the keyboard: the first stops of the page.
    const user = userEvent.setup();
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.tab();
    expect(links[1]).toHaveFocus();
  });

  it('shows no tiles for a collection without sub-collections', async () => {
    renderAt('/c/8');
    expect(await screen.findByText('4 posts')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sub-collections' })).toBeNull();
  });

  it('counts its posts in the header, with those of its sub-collections when there are', async () => {
    renderAt('/c/5');
    expect(await screen.findByText('12,345 posts')).toBeInTheDocument();
    expect(screen.getByText(/12,360 with sub-collections/)).toBeInTheDocument();
  });

  it('counts the posts of Uncategorized in its header', async () => {
    renderAt('/');
    expect(await screen.findByText('1 post')).toBeInTheDocument();
  });

  it('lists in manual order with drag handles until another sort is chosen', async () => {
    renderAt('/c/5');
    expect(await screen.findByRole('button', { name: 'Move Alpha' })).toBeInTheDocument();
    expect(listSorts()).toEqual(['manual']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sort: Manual order' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Manual order' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Title' }));

    // The list is read again in that order, and posts can no longer be dragged.
    expect(await screen.findByRole('button', { name: 'Sort: Title' })).toBeInTheDocument();
    await waitFor(() => expect(listSorts()).toEqual(['manual', 'title']));
    expect(await screen.findByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('remembers the sort per collection', async () => {
    localStorage.setItem(postSortKey(5), '"domain"');
    const first = renderAt('/c/5');
    expect(await screen.findByRole('button', { name: 'Sort: Domain' })).toBeInTheDocument();
    await waitFor(() => expect(listSorts()).toEqual(['domain']));
    first.unmount();

    renderAt('/c/6');
    expect(await screen.findByRole('button', { name: 'Sort: Manual order' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Move Alpha' })).toBeInTheDocument();
  });
});
