import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedEndpoints, type FeedTokenStatus } from '../../../../contract/feeds.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { AccountFeedsSection } from './account-feeds-section.tsx';
import { FeedLinkDialog } from './feed-link-dialog.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

/** The user's feed token on the fake server: when it was made, or null. */
let status: FeedTokenStatus | null;
let made: number;

function fakeServer(endpoint: unknown): Promise<unknown> {
  if (endpoint === feedEndpoints.feedToken) return Promise.resolve({ data: status });
  if (endpoint === feedEndpoints.regenerateFeedToken) {
    made += 1;
    status = { created_at: '2026-11-26T01:00:00.000Z' };
    return Promise.resolve({ data: { token: `Token${made}`.padEnd(32, 'x'), ...status } });
  }
  throw new Error('unexpected request');
}

const regenerations = () =>
  callApiMock.mock.calls.filter(([endpoint]) => endpoint === feedEndpoints.regenerateFeedToken);

beforeEach(() => {
  status = null;
  made = 0;
  callApiMock.mockReset();
  callApiMock.mockImplementation(fakeServer);
});

function renderWithQueries(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
}

describe('My Account: Feeds', () => {
  it('makes a first feed token at once and shows it', async () => {
    const user = userEvent.setup();
    renderWithQueries(<AccountFeedsSection />);
    expect(await screen.findByText('You have no feed token yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a feed token' }));
    expect(await screen.findByLabelText('Feed token')).toHaveValue('Token1'.padEnd(32, 'x'));
    expect(regenerations()).toHaveLength(1);
    // From now on the button regenerates.
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
  });

  it('regenerates an existing token only once confirmed', async () => {
    status = { created_at: '2026-03-04T12:00:00.000Z' };
    const user = userEvent.setup();
    renderWithQueries(<AccountFeedsSection />);
    expect(
      await screen.findByText(/Your feed token was made on .*2026.*cannot show it again/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Regenerate your feed token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(regenerations()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    dialog = await screen.findByRole('dialog', { name: 'Regenerate your feed token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByLabelText('Feed token')).toHaveValue('Token1'.padEnd(32, 'x'));
    expect(regenerations()).toHaveLength(1);
  });
});

describe('Feed link of a collection', () => {
  it("shows the collection's feed URL once a token is made, warning that older links end", async () => {
    status = { created_at: '2026-03-04T12:00:00.000Z' };
    const user = userEvent.setup();
    renderWithQueries(
      <FeedLinkDialog collectionId={7} collectionName="Reading" open onOpenChange={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Feed link' });
    expect(dialog).toHaveTextContent('newest 100 posts in Reading and its sub-collections');
    expect(
      await within(dialog).findByText(/the feed links you made before stop working/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new feed token' }));
    expect(await within(dialog).findByLabelText('Feed URL')).toHaveValue(
      `${location.origin}/api/feeds/${'Token1'.padEnd(32, 'x')}/collections/7`,
    );
  });
});
