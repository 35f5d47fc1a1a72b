import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { postEndpoints, type SavedPost } from '../../../../contract/posts.ts';
import type * as ApiClient from '../../lib/api-client.ts';
import { callApi } from '../../lib/api-client.ts';
import { DuplicateLinkWarning } from './duplicate-link-warning.tsx';
import { usePostEditor, type PostEditorState } from './use-post-editor.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

/** What the server has saved, by the URL the check is asked about. */
let saved: Record<string, SavedPost[]>;
let state: PostEditorState;

function Editor() {
  const current = usePostEditor({ title: '', content: '', collectionId: 0 });
  useEffect(() => {
    state = current;
  });
  return <DuplicateLinkWarning editor={current.editor} />;
}

function renderEditor() {
  const router = createMemoryRouter([{ path: '*', element: <Editor /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const checks = () =>
  callApiMock.mock.calls
    .filter(([endpoint]) => endpoint === postEndpoints.check)
    .map(([, input]) => (input as { query: { url: string } }).query.url);

beforeEach(() => {
  saved = {
    'https://example.com/a': [
      {
        id: 7,
        title: 'Example',
        url: 'https://example.com/a/',
        collection_id: 3,
        collection_name: 'Reading',
      },
    ],
  };
  callApiMock.mockReset();
  callApiMock.mockImplementation((endpoint, input) => {
    if (endpoint !== postEndpoints.check) throw new Error('unexpected request');
    const { url } = (input as { query: { url: string } }).query;
    return Promise.resolve({ data: saved[url] ?? [] });
  });
});

describe('DuplicateLinkWarning', () => {
  it('tells that a typed link is already saved, with a link to the saved post', async () => {
    renderEditor();
    act(() => {
      state.editor.commands.setContent('<p>https://example.com/a</p>');
    });
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('Already saved in Reading.');
    expect(screen.getByRole('link', { name: 'Open the saved post' })).toHaveAttribute(
      'href',
      '/p/7',
    );
    expect(checks()).toEqual(['https://example.com/a']);
  });

  it('says nothing for a new link, and asks nothing for text that is not one link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    renderEditor();
    act(() => {
      state.editor.commands.setContent('<p>https://example.com/new</p>');
    });
    await waitFor(() => expect(checks()).toEqual(['https://example.com/new']));
    act(() => {
      state.editor.commands.setContent('<p>Read https://example.com/a later</p>');
    });
    // Long after the typing rested: still no check for this text, and no warning.
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(checks()).toEqual(['https://example.com/new']);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
