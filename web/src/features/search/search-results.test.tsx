import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postEndpoints, type Post } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { aPost } from '../../test/post-fixture.ts';
import { PAGE_SIZE_DESKTOP } from '../posts/post-list.tsx';
import { SearchResults } from './search-results.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

/** The observers jsdom lacks; the end of the list comes into view when a test says so. */
let observed: IntersectionObserverCallback[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observed.push(this.callback);
  }
  disconnect() {
    observed = observed.filter((callback) => callback !== this.callback);
  }
}
class FakeResizeObserver {
  observe() {}
  disconnect() {}
}
/** Scrolls the end of the list into view: the observers of the list's end report it. */
function scrollToEnd() {
  const entry = { isIntersecting: true } as IntersectionObserverEntry;
  for (const callback of observed) callback([entry], {} as IntersectionObserver);
}

/** 45 results for 'quokka', each with a match in its title, newest first. */
const results: Post[] = Array.from({ length: 45 }, (_, index) =>
  aPost({
    id: 1000 - index,
    title: `Quokka note ${index + 1}`,
    collection_id: null,
    search: { field: 'text', snippet: `A Quokka smiles in note ${index + 1}`, ranges: [[2, 8]] },
  }),
);

/** The list queries sent, as GET /api/posts received them. */
const listQueries = () =>
  callApiMock.mock.calls
    .filter(([endpoint]) => endpoint === postEndpoints.list)
    .map(([, input]) => (input as { query: Record<string, unknown> }).query);

beforeEach(() => {
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // jsdom does not scroll; the virtualizer asks it to.
  vi.stubGlobal('scrollTo', () => {});
  // A desktop-sized viewport: pages of 20.
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  callApiMock.mockReset();
  callApiMock.mockImplementation(async (endpoint, input) => {
    // The collection tree (for permissions) never arrives: results show without menus.
    if (endpoint !== postEndpoints.list) return new Promise(() => {});
    const { after_id: afterId, limit } = (input as { query: { after_id?: number; limit: number } })
      .query;
    const start = afterId === undefined ? 0 : results.findIndex((post) => post.id === afterId) + 1;
    return { data: results.slice(start, start + limit) };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderResults(text: string, collectionId: number | null = null) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SearchResults text={text} collectionId={collectionId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SearchResults (PRODUCT.md#search, read by cursor)', () => {
  it('reads the first page, then the next one after the last result as the end comes into view', async () => {
    renderResults('quokka');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(listQueries()).toEqual([
      { filter: 'quokka', limit: PAGE_SIZE_DESKTOP, after_id: undefined, withTags: true },
    ]);
    // The match is highlighted in each card.
    expect(within(list).getAllByText('Quokka')[0]!.tagName).toBe('MARK');

    await act(async () => scrollToEnd());
    await vi.waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toMatchObject({ limit: PAGE_SIZE_DESKTOP, after_id: 981 });

    // The third page is the last (5 results); the one after it comes back empty: no more reads.
    await vi.waitFor(() => expect(observed.length).toBeGreaterThan(0));
    await act(async () => scrollToEnd());
    await vi.waitFor(() => expect(listQueries()).toHaveLength(3));
    expect(listQueries()[2]).toMatchObject({ after_id: 961 });
    await vi.waitFor(() => expect(observed.length).toBeGreaterThan(0));
    await act(async () => scrollToEnd());
    await vi.waitFor(() => expect(listQueries()).toHaveLength(4));
    expect(listQueries()[3]).toMatchObject({ after_id: 956 });
    await vi.waitFor(() => expect(observed).toEqual([]));

    // Never the whole list at once.
    for (const query of listQueries()) expect(query.limit).toBe(PAGE_SIZE_DESKTOP);
  });

  it('searches a collection and those below it, paged the same way', async () => {
    renderResults('quokka', 7);
    await screen.findByRole('list', { name: 'Search results' });
    expect(listQueries()).toEqual([
      {
        filter: 'quokka',
        collection_id: 7,
        withDescendants: true,
        limit: PAGE_SIZE_DESKTOP,
        after_id: undefined,
        withTags: true,
      },
    ]);
  });

  it('says so when nothing matches', async () => {
    callApiMock.mockResolvedValue({ data: [] });
    renderResults('no such words');
    expect(await screen.findByText('No search results')).toBeVisible();
    expect(listQueries()[0]).toMatchObject({ limit: PAGE_SIZE_DESKTOP });
  });
});
