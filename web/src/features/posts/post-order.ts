/**
 * The order a post is saved with when dragged from index `from` to index `to` of a list shown
 * highest order first (PRODUCT.md#dragging-a-post: the post's order plus the index difference;
 * moving up raises it).
 */
export function orderAfterMove(post: { order: number }, from: number, to: number): number {
  return post.order + (from - to);
}

/**
 * The list after moving the post at `from` to `to`, orders recomputed descending from the
 * highest (PRODUCT.md#dragging-a-post), as the server numbers them.
 */
export function movePost<T extends { order: number }>(
  posts: readonly T[],
  from: number,
  to: number,
): T[] {
  if (from === to || !posts[from] || !posts[to]) return [...posts];
  const highest = Math.max(...posts.map((post) => post.order));
  const moved = [...posts];
  const [post] = moved.splice(from, 1);
  moved.splice(to, 0, post!);
  return moved.map((item, index) => ({ ...item, order: highest - index }));
}

/**
 * `movePost` across the pages of an infinitely scrolled list: the pages keep their sizes, so the
 * next page's cursor (the last post's id) still follows the right post.
 */
export function movePostInPages<T extends { order: number }>(
  pages: readonly (readonly T[])[],
  from: number,
  to: number,
): T[][] {
  const moved = movePost(pages.flat(), from, to);
  let start = 0;
  return pages.map((page) => {
    const next = moved.slice(start, start + page.length);
    start += page.length;
    return next;
  });
}

/**
 * The pages of a list without the post `id`, the posts above it one order lower
 * (PRODUCT.md#post-lists: delete renumbers the orders of the posts before it, as the server does
 * when a post leaves its list by delete or transfer). Pages stay in place, so each one's cursor
 * still follows the right post.
 */
export function removePostFromPages<T extends { id: number; order: number }>(
  pages: readonly (readonly T[])[],
  id: number,
): T[][] {
  const removed = pages.flat().find((post) => post.id === id);
  if (!removed) return pages.map((page) => [...page]);
  return pages.map((page) =>
    page
      .filter((post) => post.id !== id)
      .map((post) => (post.order > removed.order ? { ...post, order: post.order - 1 } : post)),
  );
}
