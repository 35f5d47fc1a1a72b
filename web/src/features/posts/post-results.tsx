import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PostCard, PostCardSkeleton } from './post-card.tsx';
import { PLACEHOLDER_COUNT } from './post-list.tsx';
import { useUpdatingPostIds } from './posts.queries.ts';

interface PostResultsProps {
  /** The posts, read whole (no paging, no reordering). */
  query: UseQueryResult<Post[]>;
  /** Accessible name of the list. */
  label: string;
  /** The empty text of the page (SPEC §2), with its icon. */
  empty: { icon: LucideIcon; title: string; description?: ReactNode };
  /** The user's permission on a post's collection (SPEC §6): its card's menu needs above 4. */
  permissionOf: (post: Post) => number;
  /** Extra content at the bottom of a card: the search match, the restore button. */
  footerOf?: (post: Post) => ReactNode;
}

/**
 * A list of posts that is read whole, for search results, a tag's posts and the recycle bin
 * (SPEC §2): 8 placeholders while loading (SPEC §4), the page's empty text, else post cards.
 */
export function PostResults({ query, label, empty, permissionOf, footerOf }: PostResultsProps) {
  const updatingIds = useUpdatingPostIds();
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading posts" className="flex flex-col gap-3">
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={CloudOff}
        title="Posts could not be loaded"
        description="Check your connection and try again."
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState {...empty} />;
  return (
    <ul
      aria-label={label}
      aria-busy={query.isFetching || undefined}
      className="flex flex-col gap-3"
    >
      {query.data.map((post) => (
        <li key={post.id}>
          <PostCard
            post={post}
            permission={permissionOf(post)}
            updating={updatingIds.has(post.id)}
            footer={footerOf?.(post)}
          />
        </li>
      ))}
    </ul>
  );
}
