import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contract/auth.ts';
import { authKeys } from '../auth/auth.queries.ts';
import { aPost } from '../../test/post-fixture.ts';
import { PostCard } from './post-card.tsx';

/** The images the card loads, but the favicon (always Nestmark's own). */
function imagesOf(imagePath: string): string[] {
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PostCard
          post={aPost({
            type: 'link',
            content: 'https://example.com/',
            url: 'https://example.com/',
            image_path: imagePath,
            preview_status: 'done',
          })}
          permission={4}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return Array.from(
    container.querySelectorAll('img'),
    (img) => img.getAttribute('src') ?? '',
  ).filter((src) => !src.startsWith('/api/favicons/'));
}

describe('a link card’s thumbnail', () => {
  it('is shown when it is a file Nestmark serves', () => {
    const path = '/api/files/AbCdEfGhIjKlMnOpQr_-12.webp';
    expect(imagesOf(path)).toEqual([path]);
  });

  it.each([
    '/\\evil.example/x.png',
    '//evil.example/x.png',
    '/\\/evil.example/x.png',
    'https://evil.example/x.png',
    '/api/files/../../evil.png',
    '/api/files/AbCdEfGhIjKlMnOpQr_-12.webp/../../x',
    '/elsewhere/AbCdEfGhIjKlMnOpQr_-12.webp',
  ])('is not loaded from %s', (path) => {
    expect(imagesOf(path)).toEqual([]);
  });
});

describe('a card’s tags and URL', () => {
  /** A link card of user 1's, seen by user `viewerId`. */
  function renderCard(viewerId: number) {
    const queryClient = new QueryClient();
    const viewer: User = {
      id: viewerId,
      name: `User ${viewerId}`,
      email: `user${viewerId}@example.com`,
      permission: 7,
      theme: 'default',
      auto_page_copies: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    queryClient.setQueryData(authKeys.me, viewer);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <PostCard
            post={aPost({
              type: 'link',
              user_id: 1,
              content: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
              url: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
              preview_status: 'done',
              tags: [{ id: 42, name: 'travel' }],
            })}
            permission={7}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('links each tag to its page for the tag’s owner', () => {
    renderCard(1);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: '#travel' })).toHaveAttribute('href', '/tags/42');
  });

  it('shows a member the tags without links (the tags are the owner’s)', () => {
    renderCard(2);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).queryByRole('link')).toBeNull();
    expect(within(tags).getByText('#travel')).toBeVisible();
  });

  it('shows the URL decoded and links to the stored one', () => {
    renderCard(1);
    const shown = screen.getByRole('link', { name: 'https://ja.wikipedia.org/wiki/東京' });
    expect(shown).toHaveAttribute('href', 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC');
  });
});
