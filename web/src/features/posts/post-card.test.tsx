import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
