import type { ListedPost } from './posts.queries.ts';

/**
 * How a list keeps pending link previews up to date (docs/ARCHITECTURE.md, Post lists): while a
 * loaded page holds a post whose preview is pending, that page is read again, one request per
 * page, with growing pauses; never one request per card.
 */

/** Rounds of refreshing before a list gives up on previews that stay pending (about 6 minutes). */
export const PREVIEW_REFRESH_ROUNDS = 40;

/** Pause before refresh round `round` (0-based), in ms: 1 s, growing by half, at most 10 s. */
export function previewRefreshDelay(round: number): number {
  return Math.min(1_000 * 1.5 ** round, 10_000);
}

/** Whether the server is still fetching this post's link preview. */
export function isPreviewPending(post: ListedPost): boolean {
  return post.type === 'link' && post.preview_status === 'pending';
}

/**
 * Indexes of the pages holding a pending post. With `inView` (the first and last index of the
 * posts on screen, counted over all pages), only the pages overlapping it: pages scrolled away
 * wait until they are seen again.
 */
export function pendingPageIndexes(
  pages: readonly (readonly ListedPost[])[],
  inView?: { first: number; last: number } | null,
): number[] {
  const indexes: number[] = [];
  let start = 0;
  pages.forEach((page, index) => {
    const end = start + page.length - 1;
    const seen = !inView || (end >= inView.first && start <= inView.last);
    if (seen && page.some(isPreviewPending)) indexes.push(index);
    start += page.length;
  });
  return indexes;
}

/**
 * A page with the posts of a fresh read of it put in: each post the read returned replaces the
 * one with its id (keeping the list's own order number, which drags and deletes maintain);
 * posts it did not return stay as they were.
 */
export function mergeRefreshedPage(
  page: readonly ListedPost[],
  fresh: readonly ListedPost[],
): ListedPost[] {
  const byId = new Map(fresh.map((post) => [post.id, post]));
  return page.map((post) => {
    const update = byId.get(post.id);
    return update && post.type !== 'placeholder' ? { ...update, order: post.order } : post;
  });
}
