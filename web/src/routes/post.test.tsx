import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../../contract/permissions.ts';
import { postEndpoints, type Post } from '../../../contract/posts.ts';
import { PageHeaderSlotsContext } from '../app/page-header.tsx';
import { ViewPermissionContext } from '../app/view-permission.ts';
import { ShareAccessContext, type ShareAccess } from '../features/shares/share-access.ts';
import type * as ApiClient from '../lib/api-client.ts';
import { callApi } from '../lib/api-client.ts';
import { aPost } from '../test/post-fixture.ts';
import { PostRoute } from './post.tsx';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const link = aPost({
  id: 3,
  type: 'link',
  title: 'Rivers',
  content: 'https://rivers.example/cities',
  url: 'https://rivers.example/cities',
  preview_status: 'done',
  tags: [],
});
const note = aPost({ id: 3, type: 'text', content: '<p>Hello</p>', tags: [] });

const share: ShareAccess = {
  token: 'share-token-abc',
  auth: {
    collection_id: 5,
    permission: 4,
    include_descendants: false,
    collection: { id: 5, name: 'Reading', icon_id: null, post_count: 1, nested: [] },
  },
};

/** The top bar's actions slot, as the app shell provides it. */
let topBar: HTMLElement;

beforeEach(() => {
  topBar = document.createElement('div');
  document.body.append(topBar);
  callApiMock.mockReset();
  // A desktop-sized viewport (the note card asks).
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
});

afterEach(() => {
  topBar.remove();
  vi.unstubAllGlobals();
});

function renderPostPage(post: Post, shareAccess: ShareAccess | null = null) {
  // The editor's other reads (collections, tags) find nothing.
  callApiMock.mockImplementation((endpoint) =>
    Promise.resolve({ data: endpoint === postEndpoints.get ? post : [] }),
  );
  const router = createMemoryRouter([{ path: '/p/:postId', element: <PostRoute /> }], {
    initialEntries: ['/p/3'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PageHeaderSlotsContext value={{ title: null, actions: topBar }}>
        <ViewPermissionContext value={shareAccess ? 4 : Permission.FULL}>
          <ShareAccessContext value={shareAccess}>
            <RouterProvider router={router} />
          </ShareAccessContext>
        </ViewPermissionContext>
      </PageHeaderSlotsContext>
    </QueryClientProvider>,
  );
}

describe('the way from a post to its Reader view (PRODUCT.md#reader-view)', () => {
  it('is in the editor’s top bar for a link', async () => {
    renderPostPage(link);
    expect(await within(topBar).findByRole('link', { name: 'Reader view' })).toHaveAttribute(
      'href',
      '/p/3/read',
    );
  });

  it('is not there for a note', async () => {
    renderPostPage(note);
    await within(topBar).findByRole('button', { name: 'Save' });
    expect(within(topBar).queryByRole('link', { name: 'Reader view' })).not.toBeInTheDocument();
  });

  it('carries the share token for a visitor of a public share', async () => {
    renderPostPage(link, share);
    expect(await screen.findByRole('link', { name: 'Reader view' })).toHaveAttribute(
      'href',
      '/p/3/read?token=share-token-abc',
    );
  });

  it('is not offered to a visitor for a note', async () => {
    renderPostPage(note, share);
    await screen.findByText('Hello');
    expect(screen.queryByRole('link', { name: 'Reader view' })).not.toBeInTheDocument();
  });
});
