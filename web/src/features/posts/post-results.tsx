import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CloudOff } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PostCard } from './post-card.tsx';
import { PostPlaceholders } from './post-list.tsx';
import { useUpdatingPostIds, type PostPages, type PostsInView } from './posts.queries.ts';
import { VirtualPostList } from './virtual-post-list.tsx';

interface ResultsProps {
  /** Accessible name of the list. */
  label: string;
  /** The empty text of the page (SPEC §2), with its icon. */
  empty: { icon: LucideIcon; title: string; description?: ReactNode };
  /** The user's permission on a post's collection (SPEC §6): its card's menu needs above 4. */
  permissionOf: (post: Post) => number;
  /** Extra content at the bottom of a card: the search match, the restore button. */
  footerOf?: (post: Post) => ReactNode;
}

function LoadFailed({ retry }: { retry: () => unknown }) {
  return (
    <EmptyState
      icon={CloudOff}
      title="Posts could not be loaded"
      description="Check your connection and try again."
      action={<Button onClick={() => void retry()}>Try again</Button>}
    />
  );
}

/**
 * A list of posts read by cursor, for search results, a tag's posts and the recycle bin (SPEC
 * §2): 8 placeholders while the first page loads, the page's empty text, else post cards drawn a
 * screenful at a time, the next page loading as the end comes into view (not while the previous
 * list stands in for one still loading: its cursor means nothing to the new one).
 */
export function PagedPostResults({
  list,
  inViewRef,
  label,
  empty,
  permissionOf,
  footerOf,
}: ResultsProps & {
  list: UseInfiniteQueryResult<PostPages>;
  inViewRef: RefObject<PostsInView | null>;
}) {
  const updatingIds = useUpdatingPostIds();
  if (list.isPending) return <PostPlaceholders />;
  if (list.isError) return <LoadFailed retry={list.refetch} />;
  const posts = list.data.pages.flat();
  if (posts.length === 0) return <EmptyState {...empty} />;
  return (
    <VirtualPostList
      posts={posts}
      view="cards"
      label={label}
      hasNextPage={list.hasNextPage && !list.isPlaceholderData}
      isFetchingNextPage={list.isFetchingNextPage}
      fetchNextPage={list.fetchNextPage}
      inViewRef={inViewRef}
    >
      {(post) =>
        post.type !== 'placeholder' && (
          <PostCard
            post={post}
            permission={permissionOf(post)}
            updating={updatingIds.has(post.id)}
            footer={footerOf?.(post)}
          />
        )
      }
    </VirtualPostList>
  );
}
