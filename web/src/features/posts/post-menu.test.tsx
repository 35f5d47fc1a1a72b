import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../contract/posts.ts';
import { aPost } from '../../test/post-fixture.ts';
import { PostMenu } from './post-menu.tsx';

beforeEach(() => {
  // A desktop-sized viewport: the menu drops down rather than rising as a sheet.
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Address() {
  return <output aria-label="Address">{useLocation().pathname}</output>;
}

/** Renders the menu of `post` and opens it with the keyboard; resolves to its choices. */
async function openMenu(post: Post) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<PostMenu post={post} />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  screen.getByRole('button', { name: 'Post options' }).focus();
  await user.keyboard('{Enter}');
  const items = await screen.findAllByRole('menuitem');
  return { user, labels: items.map((item) => item.textContent) };
}

describe('the post menu (PRODUCT.md#post-card)', () => {
  it('offers a link post’s Reader view, which opens /p/{id}/read', async () => {
    const { user, labels } = await openMenu(
      aPost({ id: 7, type: 'link', content: 'https://example.com/', url: 'https://example.com/' }),
    );
    expect(labels).toEqual(['Transfer', 'Edit', 'Reader view', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Reader view' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/p/7/read');
  });

  it('offers no Reader view for a note', async () => {
    const { labels } = await openMenu(aPost({ id: 7, type: 'text' }));
    expect(labels).toEqual(['Transfer', 'Edit', 'Delete']);
  });
});
