import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Tag } from '../../../contract/tags.ts';
import { preparedQueries, type Db } from '../../db/database.ts';
import type { Database, NewPostRow, PostRow } from '../../db/schema.ts';
import { tagsColumn, tagsOfColumn } from '../tags/tags.repository.ts';

/**
 * The list a post's `order` counts in: one collection, or one user's Uncategorized posts
 * (PRODUCT.md#posts-order: orders are scoped per owner and collection, never global).
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
  | {
      kind: 'list';
      scope: PostScope;
      /**
       * A user whom the list's collection must belong to for any post to show: the page query
       * checks the ownership itself, instead of a query before it. An empty page then does not
       * tell an empty list from someone else's collection (see posts.service `list`).
       */
      ownedBy?: number;
    }
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
 * A post as listings read it: the columns a post's view and an export need (not the search
 * document nor the preview worker's bookkeeping), and its tags when asked for.
 */
export type ListedPost = Omit<
  PostRow,
  | 'search_title'
  | 'search_text'
  | 'preview_claimed_at'
  | 'preview_attempts'
  | 'preview_origin'
  | 'preview_host'
  | 'preview_retry_at'
> & { tags?: Tag[] };

const listedColumns = [
  'id',
  'user_id',
  'collection_id',
  'type',
  'title',
  'content',
  'url',
  'base_url',
  'description',
  'color',
  'image_path',
  'order',
  'archived_at',
  'preview_status',
  'created_at',
  'updated_at',
] as const;

/** What the SQL of a listing page depends on; the ids and the cursor are its arguments. */
interface ListingShape {
  kind: PostListing['kind'];
  uncategorized: boolean;
  /** For `collections`: their ids (such listings are built anew each time, not kept). */
  collectionIds?: number[];
  after: boolean;
  /**
   * Written into the SQL: SQLite plans `limit 20` better than `limit ?` (it takes about a third
   * less time for a page with tags). 0 = no limit.
   */
  limit: number;
  /** Posts skipped (such pages are built anew each time, not kept). */
  offset: number;
  tags: boolean;
  /** Only when the collection belongs to the user given as `ownerUserId` (see PostListing). */
  ownedBy: boolean;
}

/**
 * The query of a listing page. `owner`: the listing's collection, user or tag id; `ownerUserId`:
 * the user the collection must belong to, with `shape.ownedBy`.
 */
function listingPage(
  db: Db,
  shape: ListingShape,
  owner: number,
  afterValue: string | number,
  afterId: number,
  ownerUserId: number,
) {
  const sortColumn = sortColumnOf[shape.kind];
  let query = db
    .selectFrom('posts')
    .select(listedColumns)
    .$if(shape.tags, (qb) => qb.select(tagsColumn(db).as('tags')));
  const scope = shape.uncategorized ? { uncategorizedOf: owner } : { collectionId: owner };
  if (shape.kind === 'list') {
    query = query.where(inScope(scope)).where('archived_at', 'is', null);
  } else if (shape.kind === 'deleted-from') {
    query = query.where(inScope(scope)).where('archived_at', 'is not', null);
  } else if (shape.kind === 'collections') {
    query = query
      .where('collection_id', 'in', shape.collectionIds ?? [])
      .where('archived_at', 'is', null);
  } else if (shape.kind === 'tagged') {
    query = query
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('post_tags')
            .select('post_tags.post_id')
            .whereRef('post_tags.post_id', '=', 'posts.id')
            .where('post_tags.tag_id', '=', owner),
        ),
      );
  } else {
    query = query
      .where('user_id', '=', owner)
      .where('archived_at', shape.kind === 'recycle-bin' ? 'is not' : 'is', null);
  }
  if (shape.ownedBy) {
    // Not correlated with the posts: both databases evaluate it once, before reading the page.
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('collections')
          .select('collections.id')
          .where('collections.id', '=', owner)
          .where('collections.user_id', '=', ownerUserId),
      ),
    );
  }
  if (shape.after) {
    // The first bound alone lets an index seek to the cursor; the `or` alone would be read as a
    // filter, and every page would scan the list from its top.
    query = query
      .where(sortColumn, '<=', afterValue)
      .where((eb) =>
        eb.or([
          eb(sortColumn, '<', afterValue),
          eb.and([eb(sortColumn, '=', afterValue), eb('id', '<', afterId)]),
        ]),
      );
  }
  query = query.orderBy(sortColumn, 'desc').orderBy('id', 'desc');
  if (shape.limit > 0) query = query.limit(sql.lit(shape.limit));
  return shape.offset > 0 ? query.offset(sql.lit(shape.offset)) : query;
}

/** Listing pages compiled once per shape (the common ones: a list, a tag, a recycle bin). */
const listingQuery = preparedQueries(listingPage);

/**
 * One page of a listing. `after` is the last post of the previous page (cursor paging);
 * `offset` skips that many posts; `limit` 0 means no limit; `withTags` reads each post's tags
 * (by name) in the same query.
 */
export async function listPosts(
  db: Db,
  listing: PostListing,
  page: { after?: PostRow; limit: number; offset?: number; withTags?: boolean },
): Promise<ListedPost[]> {
  const owner =
    listing.kind === 'list' || listing.kind === 'deleted-from'
      ? 'collectionId' in listing.scope
        ? listing.scope.collectionId
        : listing.scope.uncategorizedOf
      : listing.kind === 'tagged'
        ? listing.tagId
        : listing.kind === 'collections'
          ? 0
          : listing.userId;
  const { after, limit, offset = 0, withTags = false } = page;
  const shape: ListingShape = {
    kind: listing.kind,
    uncategorized:
      (listing.kind === 'list' || listing.kind === 'deleted-from') &&
      'uncategorizedOf' in listing.scope,
    ...(listing.kind === 'collections' && { collectionIds: listing.collectionIds }),
    after: after !== undefined,
    limit,
    offset,
    tags: withTags,
    ownedBy: listing.kind === 'list' && listing.ownedBy !== undefined,
  };
  const afterValue = after?.[sortColumnOf[listing.kind]] ?? 0;
  const afterId = after?.id ?? 0;
  const ownerUserId = (listing.kind === 'list' && listing.ownedBy) || 0;
  const rows =
    shape.collectionIds || offset > 0
      ? await listingPage(db, shape, owner, afterValue, afterId, ownerUserId).execute()
      : await listingQuery(db, shape, owner, afterValue, afterId, ownerUserId);
  // The rows are the driver's own objects: their tags column is replaced in place.
  if (withTags) for (const row of rows) row.tags = tagsOfColumn(row.tags);
  return rows as ListedPost[];
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
