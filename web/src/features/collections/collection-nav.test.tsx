import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CollectionNav } from './collection-nav.tsx';
import { collectionTreeQuery } from './collections.queries.ts';
import { aCollection } from '../../test/collection-fixture.ts';

const node = (id: number, name: string, postCount: number) =>
  aCollection(id, name, { local_order: id, post_count: postCount });

describe('the sidebar collections', () => {
  it('show each one’s post count after its name, which stays the link’s name', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(collectionTreeQuery.queryKey, {
      collections: [node(1, 'Travel', 12345), node(2, 'Recipes', 1)],
      shared: [],
      uncategorizedPostCount: 0,
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CollectionNav />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const travel = screen.getByRole('link', { name: 'Travel' });
    expect(travel).toHaveTextContent('Travel12,345');
    expect(travel).toHaveAccessibleDescription('12,345 posts');
    expect(travel).toHaveAttribute('title', 'Travel');
    expect(screen.getByRole('link', { name: 'Recipes' })).toHaveAccessibleDescription('1 post');
  });
});
