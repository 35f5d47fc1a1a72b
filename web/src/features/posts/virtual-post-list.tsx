import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import type { ReactNode, RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePostListKeys, type PostKeyRights } from '../keyboard/use-post-list-keys.tsx';
import type { PostView } from './post-view.tsx';
import type { ListedPost, PostsInView } from './posts.queries.ts';

/** PRODUCT.md#limits: the next page loads when the end comes within 80 px of the viewport. */
const INFINITE_SCROLL_MARGIN_PX = 80;

/** Space between posts, in px (Tailwind gap-3 for cards and tiles, gap-2 for list lines). */
const GAP_PX: Record<PostView, number> = { cards: 12, list: 8, grid: 12 };
/** Heights before a post is measured, in px; list lines (h-12) and tiles (h-56/h-60) are exact. */
const ROW_PX: Record<PostView, (narrow: boolean) => number> = {
  cards: () => 160,
  list: () => 48,
  grid: (narrow) => (narrow ? 224 : 240),
};
/** Below this width (Tailwind's sm) tiles are the shorter h-56. */
const SM_PX = 640;
/** Narrowest grid tile, in px: two columns on a phone, four in the collection column. */
const TILE_MIN_PX = 160;
/** Rows drawn beyond the viewport on each side, so a quick scroll does not show blanks. */
const OVERSCAN_ROWS = 3;
/** Room kept above a post scrolled to by key, in px: the top bar (h-14) and a little more. */
const SCROLL_PADDING_TOP_PX = 64;

interface VirtualPostListProps {
  posts: ListedPost[];
  view: PostView;
  /** Accessible name of the list. */
  label: string;
  /** The content of one post's list item. */
  children: (post: ListedPost, index: number) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Filled with a function telling which posts are on screen (for refreshing their previews). */
  inViewRef?: RefObject<PostsInView | null>;
  /** Index of a post that stays drawn wherever the user scrolls (the one being dragged). */
  keepIndex?: number | null;
  /** What the keys of the list may do to its posts (PRODUCT.md#keyboard-shortcuts). */
  keyRights?: PostKeyRights;
}

/**
 * A list of posts drawn a screenful at a time whatever its length (docs/ARCHITECTURE.md, Post
 * lists): the window scrolls, only the rows near the viewport are in the page. Cards are
 * measured as they are drawn; list lines and grid tiles have a fixed height; the grid has as
 * many columns as fit. When its end comes within 80 px of the viewport the next page loads,
 * with 'loading...' under the list (PRODUCT.md#post-card, #limits).
 */
export function VirtualPostList({
  posts,
  view,
  label,
  children,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  inViewRef,
  keepIndex = null,
  keyRights,
}: VirtualPostListProps) {
  const [layout, setLayout] = useState({ width: 0, top: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const measureList = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    const measure = () =>
      setLayout({
        width: element.clientWidth,
        top: element.getBoundingClientRect().top + window.scrollY,
      });
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    observer.current.observe(document.body);
  }, []);
  const gap = GAP_PX[view];
  const columns =
    view === 'grid' ? Math.max(2, Math.floor((layout.width + gap) / (TILE_MIN_PX + gap)) || 2) : 1;
  const rowPx = ROW_PX[view](window.innerWidth < SM_PX);

  const scrollToIndexRef = useRef<(index: number) => void>(() => {});
  const keys = usePostListKeys({
    posts,
    rights: keyRights,
    scrollToIndex: (index) => scrollToIndexRef.current(index),
  });

  const sentinel = useRef<HTMLDivElement>(null);
  const postCount = posts.length;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage) return;
    // A fresh observer per page reports at once if the end is still in view (short pages).
    const intersection = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    intersection.observe(target);
    return () => intersection.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, postCount]);

  return (
    <div className="flex flex-col">
      <div ref={measureList}>
        {/* Sizes differ between views and widths: each gets measurements of its own. */}
        <VirtualRows
          key={`${view}-${columns}-${rowPx}`}
          posts={posts}
          view={view}
          label={label}
          columns={columns}
          gap={gap}
          rowPx={rowPx}
          top={layout.top}
          hasNextPage={hasNextPage}
          inViewRef={inViewRef}
          keepIndex={keepIndex}
          scrollToIndexRef={scrollToIndexRef}
          listProps={keys.listProps}
          itemProps={keys.itemProps}
          itemRef={keys.itemRef}
        >
          {children}
        </VirtualRows>
      </div>
      {keys.dialog}
      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage && (
        <p role="status" className="py-3 text-center text-sm text-fg-subtle">
          loading...
        </p>
      )}
    </div>
  );
}

/** The list of VirtualPostList at its full height, with the rows near the viewport in it. */
function VirtualRows({
  posts,
  view,
  label,
  columns,
  gap,
  rowPx,
  top,
  hasNextPage,
  inViewRef,
  keepIndex,
  scrollToIndexRef,
  listProps,
  itemProps,
  itemRef: keyItemRef,
  children,
}: Pick<
  VirtualPostListProps,
  'posts' | 'view' | 'label' | 'hasNextPage' | 'inViewRef' | 'children'
> & {
  columns: number;
  gap: number;
  rowPx: number;
  /** Where the list starts, in px from the top of the document. */
  top: number;
  keepIndex: number | null;
  /** Filled with a function scrolling the post at an index into view. */
  scrollToIndexRef: RefObject<(index: number) => void>;
} & Pick<ReturnType<typeof usePostListKeys>, 'listProps' | 'itemProps' | 'itemRef'>) {
  const rowCount = Math.ceil(posts.length / columns);
  const keepRow = keepIndex === null ? null : Math.floor(keepIndex / columns);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      return keepRow === null || rows.includes(keepRow)
        ? rows
        : [...rows, keepRow].sort((a, b) => a - b);
    },
    [keepRow],
  );
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowPx,
    gap,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    scrollPaddingStart: SCROLL_PADDING_TOP_PX,
    rangeExtractor,
    // A card keeps its measured height when posts are added above it or moved.
    getItemKey: (row) => (columns === 1 ? (posts[row]?.id ?? row) : row),
  });

  useEffect(() => {
    if (!inViewRef) return;
    inViewRef.current = () => {
      const range = virtualizer.range;
      if (!range) return null;
      return { first: range.startIndex * columns, last: (range.endIndex + 1) * columns - 1 };
    };
  }, [inViewRef, virtualizer, columns]);

  useEffect(() => {
    // One scroll to where the row is estimated to be; the keys scroll its item into view exactly
    // once it is drawn. Not `scrollToIndex`: it goes on correcting towards its row for up to ten
    // frames, so under load it scrolled back from posts focused by later key presses.
    scrollToIndexRef.current = (index) => {
      const target = virtualizer.getOffsetForIndex(Math.floor(index / columns));
      if (target) virtualizer.scrollToOffset(target[0]);
    };
  }, [scrollToIndexRef, virtualizer, columns]);

  const measured = view === 'cards';
  const { measureElement } = virtualizer;
  const itemRef = useCallback(
    (item: HTMLLIElement | null) => {
      keyItemRef(item);
      if (measured) measureElement(item);
    },
    [keyItemRef, measured, measureElement],
  );
  const width = `calc((100% - ${(columns - 1) * gap}px) / ${columns})`;
  return (
    <ul
      {...listProps}
      aria-label={label}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().flatMap((row) =>
        posts.slice(row.index * columns, (row.index + 1) * columns).map((post, column) => {
          const index = row.index * columns + column;
          return (
            <li
              key={post.id}
              {...itemProps(post)}
              data-index={row.index}
              ref={itemRef}
              aria-setsize={hasNextPage ? -1 : posts.length}
              aria-posinset={index + 1}
              className={clsx(
                // The ring of a post focused by key follows its card's corners; scrolled to by
                // key, it stays clear of the top bar (h-14).
                'absolute top-0 scroll-mt-16 scroll-mb-2',
                view === 'list' ? 'rounded-lg' : 'rounded-2xl',
                index === keepIndex && 'z-20',
              )}
              style={{
                width,
                left: column === 0 ? 0 : `calc(${column} * (${width} + ${gap}px))`,
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              {children(post, index)}
            </li>
          );
        }),
      )}
    </ul>
  );
}
