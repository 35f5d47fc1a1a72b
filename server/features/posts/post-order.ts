import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PostRow } from '../../db/schema.ts';
import {
  findPosts,
  maxLiveOrder,
  renumberLiveOrders,
  sameScope,
  scopeOf,
  shiftLiveOrders,
  updatePost,
  updatePosts,
  type PostScope,
} from './posts.repository.ts';

/*
 * The ordering rules of a list (a collection, or one user's Uncategorized posts; docs/API.md
 * "Post lists", docs/ARCHITECTURE.md): the live posts of a list are numbered densely 1..n and shown highest
 * first. New and transferred posts go on top; a post that leaves (to the recycle bin, transferred) closes its
 * gap; a post in the recycle bin keeps its number, its old place, and comes back to it on
 * restore when that place still exists, else on top. The posts feature writes `order` only here.
 */

/**
 * Holds the lists' order locks until the transaction `db` ends. On PostgreSQL, writers run at
 * once: two posts put on top of one list at the same time would both read its highest order and
 * take the same next one, and two transfers between two lists in opposite directions would
 * shift the same rows in opposite orders and deadlock. Each list has a transaction-scoped
 * advisory lock, taken in one order (sorted by key) by every writer of orders, so writers of a
 * list go one at a time and never wait for each other in a circle. SQLite has one writer: nothing
 * to do. Every function here that writes or reads for writing a list's orders takes its lists'
 * locks first (taking one again is free).
 */
async function lockLists(db: Db, scopes: readonly PostScope[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const keys = [...new Set(scopes.map((scope) => `post-order:${JSON.stringify(scope)}`))].sort();
  for (const key of keys) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
}

/**
 * Locks the lists of `posts` and `also` (lockLists), then reads the posts again: their orders as
 * they are now that no other writer of these lists runs (the rows the caller read before may be
 * stale). A post another writer moved to another list meanwhile gets that list locked too.
 */
async function lockedRows(
  db: Db,
  posts: readonly PostRow[],
  also: readonly PostScope[] = [],
): Promise<PostRow[]> {
  if (dialectOf(db) !== 'postgres') return [...posts];
  let scopes = [...also, ...posts.map(scopeOf)];
  for (;;) {
    await lockLists(db, scopes);
    const fresh = await findPosts(
      db,
      posts.map((post) => post.id),
    );
    const rows = posts.map((post) => fresh.get(post.id) ?? post);
    const unlocked = rows
      .map(scopeOf)
      .filter((scope) => !scopes.some((locked) => sameScope(locked, scope)));
    if (unlocked.length === 0) return rows;
    scopes = [...scopes, ...unlocked];
  }
}

/** The order a post put on top of the list gets (one above its highest). */
export async function topOrder(db: Db, scope: PostScope): Promise<number> {
  await lockLists(db, [scope]);
  return (await maxLiveOrder(db, scope)) + 1;
}

/**
 * Moves a live post to `order` within its list (clamped to 1..n), shifting the posts between by
 * one. Returns the post's new order; the caller saves it.
 */
export async function moveWithinList(db: Db, stale: PostRow, order: number): Promise<number> {
  const [post] = (await lockedRows(db, [stale])) as [PostRow];
  const scope = scopeOf(post);
  const target = Math.min(Math.max(order, 1), await maxLiveOrder(db, scope));
  if (target > post.order) {
    await shiftLiveOrders(db, scope, { from: post.order + 1, to: target }, -1);
  }
  if (target < post.order) {
    await shiftLiveOrders(db, scope, { from: target, to: post.order - 1 }, 1);
  }
  return target;
}

/**
 * Numbers the live posts of a list densely 1..n by their current order, ties broken by id (the
 * higher id above). For writers that set many orders at once (bulk edit, import, restore of a
 * backup): run it on every list they changed.
 */
export async function renumberList(db: Db, scope: PostScope): Promise<void> {
  await lockLists(db, [scope]);
  await renumberLiveOrders(db, scope);
}

/**
 * Orders for posts written all at once with orders of their own (restore of a backup, which is
 * just a file: its orders may repeat or leave gaps). The live posts of each list (a collection,
 * or Uncategorized: `collection_id` null) are numbered densely 1..n by their given `order`, ties
 * by `id` (the higher id above), as renumberList does in the database; posts in the recycle bin
 * (`binned_at` set) keep their `order`, their old place. Pure.
 * @param posts with distinct ids, all of one user.
 * @returns the order of each post, by id.
 */
export function denseOrders(
  posts: readonly Pick<PostRow, 'id' | 'collection_id' | 'order' | 'binned_at'>[],
): Map<number, number> {
  const orders = new Map<number, number>();
  const lists = new Map<number | null, (typeof posts)[number][]>();
  for (const post of posts) {
    if (post.binned_at !== null) {
      orders.set(post.id, post.order);
      continue;
    }
    const list = lists.get(post.collection_id);
    if (list) list.push(post);
    else lists.set(post.collection_id, [post]);
  }
  for (const list of lists.values()) {
    list.sort((a, b) => a.order - b.order || a.id - b.id);
    for (const [index, post] of list.entries()) orders.set(post.id, index + 1);
  }
  return orders;
}

/**
 * Orders for new posts put on top of their lists all at once (an import), in the given sequence:
 * each list's new posts are numbered on from its highest live order, the first of them highest,
 * so a file's first bookmark shows first. Pure.
 * @param lists the list of each new post, in sequence (any key: a collection id).
 * @param tops the highest live order of each list; absent = an empty list (0).
 * @returns the order of each new post, by its index in `lists`.
 */
export function ordersOnTop<K>(lists: readonly K[], tops: ReadonlyMap<K, number>): number[] {
  const left = new Map<K, number>();
  for (const list of lists) left.set(list, (left.get(list) ?? 0) + 1);
  return lists.map((list) => {
    const place = left.get(list)!;
    left.set(list, place - 1);
    return (tops.get(list) ?? 0) + place;
  });
}

/** Where posts restored into one list go: their new orders, and how the live posts move up. */
export interface RestorePlan {
  /** The new order of each restored post, by id. */
  orders: Map<number, number>;
  /** Live posts with an order above `above` move up by `by`; the highest range comes first. */
  shifts: { above: number; to?: number; by: number }[];
}

/**
 * Plans restoring posts of the recycle bin into one list whose live posts are numbered
 * 1..`liveCount`, as if one after another: each to its old place (its kept order) when that is
 * within the list at its turn — the posts from there up move up by one — else on top, as posts
 * whose collection was deleted (PLACE_LOST). The last deleted comes back first, so posts deleted
 * one after another return to their old neighbours; among posts deleted together, the lowest
 * first. Pure: every live post is then moved once (see RestorePlan).
 */
export function planRestore(
  liveCount: number,
  posts: readonly Pick<PostRow, 'id' | 'order' | 'binned_at'>[],
): RestorePlan {
  const sorted = [...posts].sort(
    (a, b) => (b.binned_at ?? '').localeCompare(a.binned_at ?? '') || a.order - b.order,
  );
  const placed: { id: number; place: number }[] = [];
  for (const post of sorted) {
    const top = liveCount + placed.length + 1;
    const place = post.order < top ? Math.max(post.order, 1) : top;
    for (const other of placed) if (other.place >= place) other.place += 1;
    placed.push({ id: post.id, place });
  }
  placed.sort((a, b) => a.place - b.place);
  // A restored post with `below` live posts under it lifts every live post above those by one.
  const lifts = new Map<number, number>();
  placed.forEach(({ place }, restoredBelow) => {
    const below = place - 1 - restoredBelow;
    lifts.set(below, (lifts.get(below) ?? 0) + 1);
  });
  const thresholds = [...lifts.keys()].sort((a, b) => a - b);
  let by = 0;
  const shifts = thresholds.map((above, i) => {
    by += lifts.get(above)!;
    return { above, ...(i + 1 < thresholds.length && { to: thresholds[i + 1] }), by };
  });
  return {
    orders: new Map(placed.map(({ id, place }) => [id, place])),
    shifts: shifts.filter((shift) => shift.above < liveCount).reverse(),
  };
}

/**
 * Restores posts of the recycle bin (live again, `binned_at` null), each list's as
 * planRestore says. Returns each post's new order.
 */
export async function restoreAll(db: Db, stale: readonly PostRow[]): Promise<Map<number, number>> {
  const posts = await lockedRows(db, stale);
  const byList = new Map<string, PostRow[]>();
  for (const post of posts) {
    const key = JSON.stringify(scopeOf(post));
    const group = byList.get(key);
    if (group) group.push(post);
    else byList.set(key, [post]);
  }
  const orders = new Map<number, number>();
  for (const group of byList.values()) {
    const scope = scopeOf(group[0]!);
    const plan = planRestore(await maxLiveOrder(db, scope), group);
    // Highest range first, so that no live post is moved twice.
    for (const { above, to, by } of plan.shifts) {
      await shiftLiveOrders(db, scope, { from: above + 1, ...(to !== undefined && { to }) }, by);
    }
    for (const [id, order] of plan.orders) {
      await updatePost(db, id, { order, binned_at: null });
      orders.set(id, order);
    }
  }
  return orders;
}

/**
 * Takes live posts out of their lists and puts them on top of `target`, keeping their relative
 * order (by order, then id); the lists they left close their gaps. Posts already in the recycle
 * bin go to `target`'s recycle bin with the place on top (where they come back on restore).
 * Sets `collection_id` (and `order`) of each post; returns each post's new order.
 */
export async function transferAll(
  db: Db,
  stale: readonly PostRow[],
  target: PostScope,
): Promise<Map<number, number>> {
  const posts = await lockedRows(db, stale, [target]);
  const collectionId = 'collectionId' in target ? target.collectionId : null;
  const live = posts
    .filter((post) => post.binned_at === null)
    .sort((a, b) => a.order - b.order || a.id - b.id);
  const orders = new Map<number, number>();
  let next = await topOrder(db, target);
  for (const post of live) {
    await updatePost(db, post.id, { collection_id: collectionId, order: next });
    orders.set(post.id, next++);
  }
  for (const post of posts.filter((row) => row.binned_at !== null)) {
    await updatePost(db, post.id, { collection_id: collectionId, order: next });
    orders.set(post.id, next);
  }
  await closeGaps(db, live);
  return orders;
}

/**
 * Sends live posts to the recycle bin: each keeps its number (its old place), and the lists
 * they left close their gaps.
 */
export async function moveAllToRecycleBin(
  db: Db,
  stale: readonly PostRow[],
  now: string,
): Promise<void> {
  const posts = await lockedRows(db, stale);
  await updatePosts(
    db,
    posts.map((post) => post.id),
    { binned_at: now, updated_at: now },
  );
  await closeGaps(db, posts);
}

/**
 * Closes the gaps that posts which just left their lists (already out of them) leave behind:
 * the posts above one that left move down by one; a list that several left is renumbered.
 */
async function closeGaps(db: Db, left: readonly PostRow[]): Promise<void> {
  const byList = new Map<string, PostRow[]>();
  for (const post of left) {
    const key = JSON.stringify(scopeOf(post));
    const group = byList.get(key);
    if (group) group.push(post);
    else byList.set(key, [post]);
  }
  for (const [first, ...others] of byList.values()) {
    const scope = scopeOf(first!);
    if (others.length === 0) await shiftLiveOrders(db, scope, { from: first!.order + 1 }, -1);
    else await renumberList(db, scope);
  }
}
