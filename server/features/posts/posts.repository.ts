import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewPostRow, PostRow } from '../../db/schema.ts';

/**
 * The list a post's `order` counts in: one collection, or one user's Uncategorized posts
 * (DESIGN.md: orders are scoped per owner and collection, never global).
 */
export type PostScope = { collectionId: number } | { uncategorizedOf: number };

export function scopeOf(post: Pick<PostRow, 'collection_id' | 'user_id'>): PostScope {
  return post.collection_id === null
    ? { uncategorizedOf: post.user_id }
    : { collectionId: post.collection_id };
}

export function sameScope(a: PostScope, b: PostScope): boolean {
  return 'collectionId' in a
    ? 'collectionId' in b && a.collectionId === b.collectionId
    : 'uncategorizedOf' in b && a.uncategorizedOf === b.uncategorizedOf;
}

type PostsExpression = ExpressionBuilder<Database, 'posts'>;

/** The posts of a list (live or not). */
export function inScope(scope: PostScope) {
  return (eb: PostsExpression): Expression<SqlBool> =>
    'collectionId' in scope
      ? eb('collection_id', '=', scope.collectionId)
      : eb.and([eb('collection_id', 'is', null), eb('user_id', '=', scope.uncategorizedOf)]);
}

export function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The posts with these ids (live or in the recycle bin), by id; unknown ids are missing. */
export async function findPosts(db: Db, ids: readonly number[]): Promise<Map<number, PostRow>> {
  const rows = ids.length
    ? await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute()
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Highest `order` among the live posts of a list; 0 when it is empty. */
export async function maxLiveOrder(db: Db, scope: PostScope): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.max('order').as('max'))
    .where(inScope(scope))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Adds `by` to the order of every live post of the list whose order is within [from, to]. */
export async function shiftLiveOrders(
  db: Db,
  scope: PostScope,
  range: { from: number; to?: number },
  by: number,
): Promise<void> {
  let query = db
    .updateTable('posts')
    .set((eb) => ({ order: eb('order', '+', by) }))
    .where(inScope(scope))
    .where('archived_at', 'is', null)
    .where('order', '>=', range.from);
  if (range.to !== undefined) query = query.where('order', '<=', range.to);
  await query.execute();
}

/**
 * Numbers the live posts of a list 1..n by their current order, ties broken by id (the higher id
 * counts as the higher place, as lists show it). Writes only the rows whose number changes.
 */
export async function renumberLiveOrders(db: Db, scope: PostScope): Promise<void> {
  const ranked = db
    .selectFrom('posts')
    .select((eb) => [
      'id',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.orderBy('order').orderBy('id'))
        .as('position'),
    ])
    .where(inScope(scope))
    .where('archived_at', 'is', null);
  await db
    .updateTable('posts')
    .from(ranked.as('ranked'))
    .set((eb) => ({ order: eb.ref('ranked.position') }))
    .whereRef('posts.id', '=', 'ranked.id')
    .whereRef('posts.order', '<>', 'ranked.position')
    .execute();
}

export function insertPost(db: Db, values: NewPostRow): Promise<PostRow> {
  return db.insertInto('posts').values(values).returningAll().executeTakeFirstOrThrow();
}

// Rows per multi-row insert: 15 columns × 500 stays under both dialects' bind limits.
const INSERT_BATCH = 500;

/** Inserts many posts; returns their ids in the order of `rows`. */
export async function insertPosts(db: Db, rows: readonly NewPostRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const inserted = await db
      .insertInto('posts')
      .values(rows.slice(i, i + INSERT_BATCH))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function updatePost(
  db: Db,
  id: number,
  fields: Partial<Omit<PostRow, 'id'>>,
): Promise<void> {
  await db.updateTable('posts').set(fields).where('id', '=', id).execute();
}

/** Sets the same fields on many posts. */
export async function updatePosts(
  db: Db,
  ids: readonly number[],
  fields: Partial<Omit<PostRow, 'id'>>,
): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('posts').set(fields).where('id', 'in', ids).execute();
}

/**
 * An order above any list's: posts whose collection is deleted lose their place in it, so a
 * restore puts them on top of Uncategorized (see posts.service restoreOrder).
 */
export const PLACE_LOST = 2_147_483_647;

/** Sends every live post of the given collections to the recycle bin. */
export async function archivePostsOfCollections(
  db: Db,
  collectionIds: readonly number[],
  now: string,
): Promise<void> {
  if (collectionIds.length === 0) return;
  await db
    .updateTable('posts')
    .set({ archived_at: now, updated_at: now, order: PLACE_LOST })
    .where('collection_id', 'in', collectionIds)
    .where('archived_at', 'is', null)
    .execute();
}

/**
 * Which posts a listing shows, and in which order (highest first, ties by id): a list by order;
 * all of a user's live posts, a tag's, or several collections' (a collection with those below
 * it) newest first; a user's recycle bin, or the posts deleted from one list, last deleted first.
 */
export type PostListing =
  | { kind: 'list'; scope: PostScope }
  | { kind: 'all-live'; userId: number }
  | { kind: 'tagged'; tagId: number }
  | { kind: 'collections'; collectionIds: number[] }
  | { kind: 'recycle-bin'; userId: number }
  | { kind: 'deleted-from'; scope: PostScope };

const sortColumnOf = {
  list: 'order',
  'all-live': 'created_at',
  tagged: 'created_at',
  collections: 'created_at',
  'recycle-bin': 'archived_at',
  'deleted-from': 'archived_at',
} as const;

/**
 * One page of a listing. `after` is the last post of the previous page (cursor paging);
 * `offset` skips that many posts; `limit` 0 means no limit.
 */
export async function listPosts(
  db: Db,
  listing: PostListing,
  page: { after?: PostRow; limit: number; offset?: number },
): Promise<PostRow[]> {
  const sortColumn = sortColumnOf[listing.kind];
  let query = db.selectFrom('posts').selectAll();
  if (listing.kind === 'list') {
    query = query.where(inScope(listing.scope)).where('archived_at', 'is', null);
  } else if (listing.kind === 'deleted-from') {
    query = query.where(inScope(listing.scope)).where('archived_at', 'is not', null);
  } else if (listing.kind === 'collections') {
    query = query
      .where('collection_id', 'in', listing.collectionIds)
      .where('archived_at', 'is', null);
  } else if (listing.kind === 'tagged') {
    const { tagId } = listing;
    query = query
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('post_tags')
            .select('post_tags.post_id')
            .whereRef('post_tags.post_id', '=', 'posts.id')
            .where('post_tags.tag_id', '=', tagId),
        ),
      );
  } else {
    query = query
      .where('user_id', '=', listing.userId)
      .where('archived_at', listing.kind === 'recycle-bin' ? 'is not' : 'is', null);
  }
  const after = page.after;
  if (after) {
    const value = after[sortColumn];
    query = query.where((eb) =>
      eb.or([
        eb(sortColumn, '<', value),
        eb.and([eb(sortColumn, '=', value), eb('id', '<', after.id)]),
      ]),
    );
  }
  query = query.orderBy(sortColumn, 'desc').orderBy('id', 'desc');
  if (page.limit > 0) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
}

/**
 * Deletes for good the posts of `userId`'s recycle bin (all, or those deleted before `before`);
 * returns the ids deleted. Their tag links go with them (foreign keys).
 */
export async function deleteArchivedPosts(
  db: Db,
  options: { userId?: number; before?: string },
): Promise<{ id: number; content: string; image_path: string | null }[]> {
  let query = db.deleteFrom('posts').where('archived_at', 'is not', null);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.before !== undefined) query = query.where('archived_at', '<', options.before);
  return query.returning(['id', 'content', 'image_path']).execute();
}
