import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CloudOff } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { POST_MENU_ABOVE_PERMISSION } from '../../../../contract/permissions.ts';
import { PostCard } from './post-card.tsx';
import { PostPlaceholders } from './post-list.tsx';
import { SelectionBar, selectOf } from './post-selection.tsx';
import {
  useUpdatingPostIds,
  type ListedPost,
  type PostPages,
  type PostsInView,
} from './posts.queries.ts';
import { usePostSelection } from './use-post-selection.ts';
import { VirtualPostList } from './virtual-post-list.tsx';

interface ResultsProps {
  /** Accessible name of the list. */
  label: string;
  /** The empty text of the page (PRODUCT.md#screens), with its icon. */
  empty: { icon: LucideIcon; title: string; description?: ReactNode };
  /**
   * The user's permission on a post's collection (PRODUCT.md#permissions): its card's menu needs
   * above 4.
   */
  permissionOf: (post: Post) => number;
  /** Extra content at the bottom of a card: the search match, the restore button. */
  footerOf?: (post: Post) => ReactNode;
  /**
   * Posts can be chosen for a bulk edit; the choice starts afresh when `listKey` changes (name
   * everything that picks the list). The recycle bin's bar restores.
   */
  selection: { listKey: string; inRecycleBin?: boolean };
}

/**
 * The ids of the posts of a result list that can be chosen for a bulk edit: those the user may
 * change (in the recycle bin, their own deleted posts: all).
 */
function selectableIds(
  posts: readonly ListedPost[],
  { inRecycleBin = false }: ResultsProps['selection'],
  permissionOf: ResultsProps['permissionOf'],
): number[] {
  return posts
    .filter(
      (post): post is Post =>
        post.type !== 'placeholder' &&
        (inRecycleBin || permissionOf(post) > POST_MENU_ABOVE_PERMISSION),
    )
    .map((post) => post.id);
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
 * A list of posts read by cursor, for search results, a tag's posts and the recycle bin
 * (PRODUCT.md#screens): 8 placeholders while the first page loads, the page's empty text, else
 * post cards drawn a screenful at a time, the next page loading as the end comes into view (not
 * while the previous list stands in for one still loading: its cursor means nothing to the new
 * one); the cards can be chosen for a bulk edit.
 */
export function PagedPostResults({
  list,
  inViewRef,
  label,
  empty,
  permissionOf,
  footerOf,
  selection: choice,
}: ResultsProps & {
  list: UseInfiniteQueryResult<PostPages>;
  inViewRef: RefObject<PostsInView | null>;
}) {
  const updatingIds = useUpdatingPostIds();
  const posts = list.data?.pages.flat() ?? [];
  const ids = selectableIds(posts, choice, permissionOf);
  const selection = usePostSelection(ids, choice.listKey);
  const selectable = new Set(ids);
  if (list.isPending) return <PostPlaceholders />;
  if (list.isError) return <LoadFailed retry={list.refetch} />;
  // The bar stays while its edit runs, also when that emptied the list.
  const bar = <SelectionBar selection={selection} inRecycleBin={choice.inRecycleBin} />;
  if (posts.length === 0) {
    return (
      <>
        <EmptyState {...empty} />
        {bar}
      </>
    );
  }
  return (
    <>
      <VirtualPostList
        posts={posts}
        view="cards"
        label={label}
        hasNextPage={list.hasNextPage && !list.isPlaceholderData}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        inViewRef={inViewRef}
        keyRights={{
          // A post in the recycle bin is only restored.
          canChange: (post) =>
            !choice.inRecycleBin && permissionOf(post) > POST_MENU_ABOVE_PERMISSION,
          toggleChoice: (post) => {
            if (selectable.has(post.id)) selection.click(post.id, false);
          },
        }}
      >
        {(post) =>
          post.type !== 'placeholder' && (
            <PostCard
              post={post}
              permission={permissionOf(post)}
              updating={updatingIds.has(post.id)}
              footer={footerOf?.(post)}
              select={selectable.has(post.id) ? selectOf(selection, post.id) : undefined}
            />
          )
        }
      </VirtualPostList>
      {bar}
    </>
  );
}
