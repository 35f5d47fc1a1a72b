import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postEndpoints } from '../../../../contract/posts.ts';
import { tagEndpoints, tagNameKey, type CountedTag } from '../../../../contract/tags.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { TagRoute } from '../../routes/tag.tsx';
import { TagEditRoute } from '../../routes/tag-form.tsx';
import { TagList } from './tag-list.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

/** The user's tags on the fake server; PATCH renames or merges as docs/API.md says. */
let tags: CountedTag[];
/** Set to make the next PATCH fail with this error. */
let patchFailure: ApiError | undefined;

function fakeServer(endpoint: unknown, input: unknown): Promise<unknown> {
  const { params, body } = (input ?? {}) as { params?: { id: number }; body?: { name: string } };
  if (endpoint === tagEndpoints.list) return Promise.resolve({ data: tags });
  if (endpoint === tagEndpoints.get) {
    const tag = tags.find((other) => other.id === params!.id);
    return tag
      ? Promise.resolve({ data: tag })
      : Promise.reject(new ApiError(404, 'NOT_FOUND', ''));
  }
  if (endpoint === postEndpoints.list) return Promise.resolve({ data: [] });
  if (endpoint === tagEndpoints.update) {
    if (patchFailure) return Promise.reject(patchFailure);
    const renamed = tags.find((tag) => tag.id === params!.id)!;
    const namesake = tags.find(
      (tag) => tag.id !== renamed.id && tagNameKey(tag.name) === tagNameKey(body!.name),
    );
    if (namesake) {
      namesake.post_count += renamed.post_count;
      tags = tags.filter((tag) => tag !== renamed);
      return Promise.resolve({ data: namesake });
    }
    renamed.name = body!.name;
    return Promise.resolve({ data: renamed });
  }
  throw new Error('unexpected request');
}

const patches = () =>
  callApiMock.mock.calls
    .filter(([endpoint]) => endpoint === tagEndpoints.update)
    .map(([, input]) => input);

beforeEach(() => {
  tags = [
    { id: 1, name: 'Reading', post_count: 3 },
    { id: 2, name: 'books', post_count: 5 },
  ];
  patchFailure = undefined;
  callApiMock.mockReset();
  callApiMock.mockImplementation(fakeServer);
  // A desktop-sized viewport (menus drop down rather than rise as a sheet); jsdom does not scroll.
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('scrollTo', () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Where the router is, and the browser's Back button. */
function Address() {
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{useLocation().pathname}</output>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

function renderApp(entries: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/tags" element={<TagList />} />
          <Route path="/tags/:tagId" element={<TagRoute />} />
          <Route path="/tags/:tagId/edit" element={<TagEditRoute />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });

/** Opens the menu of a tag's row with the keyboard and chooses Rename. */
async function openRename(user: ReturnType<typeof userEvent.setup>, name: string) {
  const trigger = await screen.findByRole('button', { name: `Options for ${name}` });
  trigger.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  return screen.findByRole('dialog', { name: `Rename #${name}` });
}

describe('Rename in the tag list', () => {
  it('renames a tag to a new name at once', async () => {
    const user = userEvent.setup();
    renderApp(['/tags']);
    const dialog = await openRename(user, 'Reading');
    const field = within(dialog).getByLabelText('Name of your Tag');
    expect(field).toHaveValue('Reading');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.keyboard('Novels{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toEqual([{ params: { id: 1 }, body: { name: 'Novels' } }]);
    expect(await screen.findByRole('link', { name: 'Novels' })).toBeInTheDocument();
  });

  it('asks before merging into a tag of that name, and merges only when confirmed', async () => {
    const user = userEvent.setup();
    renderApp(['/tags']);
    let dialog = await openRename(user, 'Reading');
    await user.clear(within(dialog).getByLabelText('Name of your Tag'));
    await user.keyboard('BOOKS{Enter}');

    // Cancel comes back to the name; nothing was sent.
    let question = await screen.findByRole('dialog', { name: 'Merge tags?' });
    expect(question).toHaveAccessibleDescription(
      'A tag named “books” exists. Merge 3 posts into it?',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename #Reading' });
    expect(within(dialog).getByLabelText('Name of your Tag')).toHaveValue('BOOKS');
    expect(patches()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    question = await screen.findByRole('dialog', { name: 'Merge tags?' });
    await user.click(within(question).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toEqual([{ params: { id: 1 }, body: { name: 'BOOKS' } }]);
    // One tag is left, with the posts of both; the list stays where it was.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Reading' })).toBeNull());
    expect(screen.getByRole('link', { name: 'books' })).toBeInTheDocument();
    expect(screen.getByText('8 posts')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/tags');
  });

  it('shows why a rename failed on the name field', async () => {
    patchFailure = new ApiError(400, 'VALIDATION', 'Invalid input', {
      name: ['A tag name cannot contain a comma.'],
    });
    const user = userEvent.setup();
    renderApp(['/tags']);
    const dialog = await openRename(user, 'Reading');
    await user.type(within(dialog).getByLabelText('Name of your Tag'), 'ish{Enter}');
    expect(await within(dialog).findByText('A tag name cannot contain a comma.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name of your Tag')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('Merging from the edit page', () => {
  it('opens the page of the tag that stays, and Back leads there too', async () => {
    const user = userEvent.setup();
    renderApp(['/tags/1', '/tags/1/edit']);
    const field = await screen.findByLabelText('Name of your Tag');
    await user.clear(field);
    await user.type(field, 'Books{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Merge tags?' });
    await user.click(within(question).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(address()).toHaveTextContent('/tags/2'));
    await waitFor(() => expect(document.title).toBe('Nestmark - #books'));
    expect(patches()).toEqual([{ params: { id: 1 }, body: { name: 'Books' } }]);

    // Back, to the page of the tag that is gone: the one that stayed opens instead, without
    // asking the server for the gone one.
    const before = callApiMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toHaveTextContent('/tags/2'));
    expect(document.title).toBe('Nestmark - #books');
    const asked = callApiMock.mock.calls.slice(before).map(([, input]) => input);
    expect(asked).not.toContainEqual(expect.objectContaining({ params: { id: 1 } }));
  });

  it('goes back as before after a plain rename', async () => {
    const user = userEvent.setup();
    renderApp(['/tags/1', '/tags/1/edit']);
    const field = await screen.findByLabelText('Name of your Tag');
    await user.type(field, ' club{Enter}');
    await waitFor(() => expect(document.title).toBe('Nestmark - #Reading club'));
    expect(address()).toHaveTextContent('/tags/1');
  });
});
