import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../contract/auth.ts';
import { userEndpoints } from '../../../../contract/users.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { useUserEditForm } from './use-user-form.ts';
import { USER_FORM_ID, UserEditForm } from './user-form.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const me: User = {
  id: 3,
  name: 'Ada',
  email: 'ada@example.com',
  permission: 7,
  theme: 'default',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation((endpoint, input) => {
    if (endpoint !== userEndpoints.update) throw new Error('unexpected request');
    const { body } = input as { body: Partial<User> };
    return Promise.resolve({ data: { ...me, ...body } });
  });
});

/** One's own profile form with the top bar's Save button. */
function OwnProfile({ user }: { user: User }) {
  const form = useUserEditForm(user, true);
  return (
    <>
      <UserEditForm state={form} own readOnly={false} />
      <button type="submit" form={USER_FORM_ID}>
        Save
      </button>
    </>
  );
}

function renderProfile(user: User) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OwnProfile user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const checkboxName = 'Save a readable copy of new links automatically';

describe('automatic page copies on My Account (PRODUCT.md#reader-view)', () => {
  it('is a check box showing the setting, and saving a change sends auto_page_copies', async () => {
    const user = userEvent.setup();
    renderProfile({ ...me, auto_page_copies: true });
    const box = screen.getByRole('checkbox', { name: checkboxName });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(callApiMock).toHaveBeenCalledWith(userEndpoints.update, {
      params: { id: 3 },
      body: { auto_page_copies: false },
    });
  });

  it('is left out when the server does not send the setting', () => {
    renderProfile(me);
    expect(screen.queryByRole('checkbox', { name: checkboxName })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page copies' })).not.toBeInTheDocument();
  });
});
