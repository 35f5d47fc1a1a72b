import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiTokenEndpoints, type ApiToken } from '../../../../contract/api-tokens.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { AccessTokensSection } from './access-tokens-section.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const TOKEN = `nm_${'A'.repeat(43)}`;

/** The user's tokens on the fake server. */
let tokens: ApiToken[];
/** Set to make the next create fail with this error. */
let createFailure: ApiError | undefined;

function fakeServer(endpoint: unknown, input: unknown): Promise<unknown> {
  const { params, body } = (input ?? {}) as {
    params?: { id: number };
    body?: { name: string; scope: 'read' | 'write'; expires_at: string | null };
  };
  if (endpoint === apiTokenEndpoints.list) return Promise.resolve({ data: tokens });
  if (endpoint === apiTokenEndpoints.create) {
    if (createFailure) return Promise.reject(createFailure);
    const token: ApiToken = {
      id: 10,
      name: body!.name,
      scope: body!.scope,
      created_at: '2026-11-26T10:00:00.000Z',
      last_used_at: null,
      expires_at: body!.expires_at,
    };
    tokens = [token, ...tokens];
    return Promise.resolve({ data: { ...token, token: TOKEN } });
  }
  if (endpoint === apiTokenEndpoints.revoke) {
    tokens = tokens.filter((token) => token.id !== params!.id);
    return Promise.resolve(undefined);
  }
  throw new Error('unexpected request');
}

beforeEach(() => {
  tokens = [
    {
      id: 1,
      name: 'Laptop script',
      scope: 'write',
      created_at: '2026-11-01T09:00:00.000Z',
      last_used_at: null,
      expires_at: null,
    },
  ];
  createFailure = undefined;
  callApiMock.mockReset();
  callApiMock.mockImplementation(fakeServer);
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccessTokensSection />
    </QueryClientProvider>,
  );
}

const callsTo = (endpoint: unknown) =>
  callApiMock.mock.calls.filter(([called]) => called === endpoint).map(([, input]) => input);

describe('AccessTokensSection', () => {
  it('lists the tokens with their scope and dates, never a token', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    const row = within(list).getByText('Laptop script').closest('li')!;
    expect(row).toHaveTextContent('Read and write');
    expect(row).toHaveTextContent('Last used never');
    expect(row).toHaveTextContent('Never expires');
    expect(screen.queryByText(/nm_\w/)).toBeNull();
  });

  it('creates a token and shows it once, with Copy and the warning, until Done', async () => {
    const user = userEvent.setup();
    renderSection();
    const form = screen.getByRole('form', { name: 'New access token' });
    await user.type(within(form).getByLabelText('Name'), 'Extension');
    await user.selectOptions(within(form).getByLabelText('Scope'), 'write');
    await user.type(within(form).getByLabelText('Expires (optional)'), '2027-01-31');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('textbox', { name: 'New access token' });
    expect(shown).toHaveValue(TOKEN);
    expect(screen.getByText(/won’t be shown again/)).toBeInTheDocument();
    expect(callsTo(apiTokenEndpoints.create)).toEqual([
      {
        body: {
          name: 'Extension',
          scope: 'write',
          expires_at: new Date('2027-01-31T23:59:59.999').toISOString(),
        },
      },
    ]);
    // user-event's clipboard stands in for the browser's.
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    // The list, read again, shows the new token without its secret.
    const list = screen.getByRole('list', { name: 'Access tokens' });
    expect(await within(list).findByText('Extension')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
    expect(screen.queryByText(/won’t be shown again/)).toBeNull();
  });

  it("shows the server's field error beside the field and no token", async () => {
    createFailure = new ApiError(400, 'VALIDATION', 'Invalid', {
      expires_at: ['The expiry must be in the future.'],
    });
    const user = userEvent.setup();
    renderSection();
    await user.type(screen.getByLabelText('Name'), 'Old');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('The expiry must be in the future.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New access token' })).toBeNull();
  });

  it('revokes a token after asking once more', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop script' }));
    expect(callsTo(apiTokenEndpoints.revoke)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, revoke “Laptop script”' }));
    await waitFor(() => expect(callsTo(apiTokenEndpoints.revoke)).toEqual([{ params: { id: 1 } }]));
    expect(await screen.findByText('No access tokens yet.')).toBeInTheDocument();
  });
});
