import type { FocusEvent, ReactNode } from 'react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Post } from '../../../../contract/posts.ts';
import { useKeySequences } from '../../lib/hotkeys.ts';
import { useDeletePostAction } from '../posts/post-actions.ts';
import type { ListedPost } from '../posts/posts.queries.ts';

// The same dialog as the card menu's Transfer, loaded when `m` is first pressed.
const TransferDialog = lazy(async () => ({
  default: (await import('../posts/transfer-dialog.tsx')).TransferDialog,
}));

/** What the keys of a list may do to its posts (PRODUCT.md#keyboard-shortcuts). */
export interface PostKeyRights {
  /** Whether the user may change the post (its card has a menu): `e`, `#` and `m` need it. */
  canChange: (post: Post) => boolean;
  /** Toggles the post's choice for a bulk edit (`x`); absent where posts cannot be chosen. */
  toggleChoice?: (post: Post) => void;
}

/** The attribute naming a post's item in its list, which the keys focus. */
const POST_ID_ATTRIBUTE = 'data-post-id';

/** Focuses a post's item and scrolls it just into view (its scroll margin clears the top bar). */
function focusItem(item: HTMLElement) {
  item.focus({ preventScroll: true });
  item.scrollIntoView({ block: 'nearest' });
}

function postIdOf(element: Element | null): number | null {
  const item = element?.closest(`[${POST_ID_ATTRIBUTE}]`);
  return item ? Number(item.getAttribute(POST_ID_ATTRIBUTE)) : null;
}

/**
 * The keys of a list of posts (PRODUCT.md#keyboard-shortcuts): `j` and `k` move the focus to the
 * next and previous post, scrolling it into view with `scrollToIndex` (`index` in `posts`) and
 * focusing its item once drawn, so it also works beyond the posts in the page; Enter (on the
 * focused item) opens the post as its title link does, `e` edits it, `x` chooses it, `#` deletes
 * it with the card menu's action and `m` opens the menu's transfer dialog. A post focused by the
 * mouse or Tab is where `j` and `k` go on from.
 *
 * Spread `listProps` on the list and `itemProps(post)` on each post's item, give each item the
 * `itemRef`, and render `dialog`.
 */
export function usePostListKeys({
  posts,
  rights,
  scrollToIndex,
}: {
  posts: readonly ListedPost[];
  rights: PostKeyRights | undefined;
  scrollToIndex: (index: number) => void;
}) {
  const navigate = useNavigate();
  const deletePost = useDeletePostAction();
  const focusedIdRef = useRef<number | null>(null);
  // The post to focus as soon as its item is drawn (it was out of the page when chosen).
  const toFocusRef = useRef<number | null>(null);
  const listRef = useRef<HTMLElement | null>(null);
  const [transferring, setTransferring] = useState<Post | null>(null);

  const indexOfFocused = () => posts.findIndex((post) => post.id === focusedIdRef.current);
  const focusedPost = (): Post | null => {
    const post = posts[indexOfFocused()];
    return post && post.type !== 'placeholder' ? post : null;
  };
  function focusAt(index: number) {
    const post = posts[Math.min(Math.max(index, 0), posts.length - 1)];
    if (!post) return;
    focusedIdRef.current = post.id;
    const item = listRef.current?.querySelector<HTMLElement>(`[${POST_ID_ATTRIBUTE}="${post.id}"]`);
    if (item) {
      focusItem(item);
    } else {
      // Drawn once the list has scrolled to it.
      toFocusRef.current = post.id;
      scrollToIndex(posts.indexOf(post));
    }
  }
  /** Runs `act` on the focused post when `allowed`; declines the key otherwise. */
  function withFocused(allowed: (post: Post) => boolean, act: (post: Post) => void) {
    const post = focusedPost();
    if (!post || !allowed(post)) return false;
    act(post);
  }
  // The same function for every item, so React calls it only as an item is drawn.
  const itemRef = useCallback((item: HTMLElement | null) => {
    if (!item || toFocusRef.current !== postIdOf(item)) return;
    toFocusRef.current = null;
    focusItem(item);
  }, []);
  const canChange = (post: Post) => rights?.canChange(post) ?? false;

  useKeySequences({
    j: () => focusAt(indexOfFocused() < 0 ? 0 : indexOfFocused() + 1),
    k: () => focusAt(indexOfFocused() < 0 ? 0 : indexOfFocused() - 1),
    Enter: () => {
      const item = document.activeElement;
      if (!(item instanceof HTMLElement) || !item.hasAttribute(POST_ID_ATTRIBUTE)) return false;
      const title = item.querySelector<HTMLElement>('h2 a');
      if (!title) return false;
      title.click();
    },
    e: () => withFocused(canChange, (post) => void navigate(`/p/${post.id}`)),
    x: () =>
      withFocused(
        () => rights?.toggleChoice !== undefined,
        (post) => rights?.toggleChoice?.(post),
      ),
    '#': () =>
      withFocused(canChange, (post) => {
        // The focus goes on to the next post (the one before, at the end) as this one leaves.
        const index = indexOfFocused();
        focusAt(index + 1 < posts.length ? index + 1 : index - 1);
        void deletePost.run(post);
      }),
    m: () => withFocused(canChange, setTransferring),
  });

  return {
    listProps: {
      ref: (element: HTMLElement | null) => {
        listRef.current = element;
      },
      onFocus: (event: FocusEvent) => {
        const id = postIdOf(event.target);
        if (id !== null) focusedIdRef.current = id;
      },
    },
    itemProps: (post: ListedPost) => ({ tabIndex: -1, [POST_ID_ATTRIBUTE]: post.id }),
    itemRef,
    dialog: (transferring && (
      <Suspense>
        <TransferDialog
          post={transferring}
          open
          onOpenChange={(open) => {
            if (!open) setTransferring(null);
          }}
        />
      </Suspense>
    )) as ReactNode,
  };
}
