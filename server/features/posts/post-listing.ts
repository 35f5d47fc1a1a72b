/**
 * The posts feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): pages of posts (a list, a tag's, a recycle bin, …) with their tags, as the posts
 * API and exports read them.
 */
import type { ExpressionBuilder, SqlBool } from 'kysely';
import type { Tag } from '../../../contract/tags.ts';
import { preparedQueries, type Db } from '../../db/database.ts';
import type { Database, PostRow } from '../../db/schema.ts';
import { descendingPage } from '../../db/keyset-page.ts';
import { readCache } from '../../db/read-cache.ts';
import { published } from '../../db/staging.ts';
import { tagsColumn, tagsOfColumn } from '../tags/post-tags.ts';
import { inScope, type PostScope } from './posts.repository.ts';

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
  'recycle-bin': 'binned_at',
  'deleted-from': 'binned_at',
} as const;

/**
 * A post as listings read it: the columns a post's view and an export need (not the search
 * document nor the preview worker's bookkeeping), its tags when asked for, and whether the
 * signed-in reader starred it when read for one (PRODUCT.md#favourites; 0/1 on SQLite).
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
> & { tags?: Tag[]; is_favorite?: SqlBool };

export const listedColumns = [
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
  'binned_at',
  'preview_status',
  'created_at',
  'updated_at',
] as const;

/**
 * Whether `userId` starred the post of the row (`posts.id`): an EXISTS on the primary key, one
 * index probe per row of a page, for a listing's select list (`is_favorite`, 0/1 on SQLite).
 */
export function isFavoriteColumn(eb: ExpressionBuilder<Database, 'posts'>, userId: number) {
  return eb
    .exists(
      eb
        .selectFrom('favorites')
        .select('favorites.post_id')
        .whereRef('favorites.post_id', '=', 'posts.id')
        .where('favorites.user_id', '=', userId),
    )
    .as('is_favorite');
}

/** What the SQL of a listing page depends on; the ids and the cursor are its arguments. */
interface ListingShape {
  kind: PostListing['kind'];
  uncategorized: boolean;
  /** For `collections`: their ids (such listings are built anew each time, not kept). */
  collectionIds?: number[];
  after: boolean;
  /**
   * 0 = no limit; written into the SQL (see `descendingPage`), so part of the shape.
   */
  limit: number;
  /** Posts skipped (such pages are built anew each time, not kept). */
  offset: number;
  tags: boolean;
  /** Only when the collection belongs to the user given as `ownerUserId` (see PostListing). */
  ownedBy: boolean;
  /** With whether the user given as `readerId` starred each post. */
  favorites: boolean;
}

/**
 * The query of a listing page. `owner`: the listing's collection, user or tag id; `ownerUserId`:
 * the user the collection must belong to, with `shape.ownedBy`; `readerId`: the user whose stars
 * `is_favorite` shows, with `shape.favorites`.
 */
function listingPage(
  db: Db,
  shape: ListingShape,
  owner: number,
  afterValue: string | number,
  afterId: number,
  ownerUserId: number,
  readerId: number,
) {
  const sortColumn = sortColumnOf[shape.kind];
  let query = db
    .selectFrom('posts')
    .select(listedColumns)
    .where(published('posts'))
    .$if(shape.tags, (qb) => qb.select(tagsColumn(db).as('tags')))
    .$if(shape.favorites, (qb) => qb.select((eb) => isFavoriteColumn(eb, readerId)));
  const scope = shape.uncategorized ? { uncategorizedOf: owner } : { collectionId: owner };
  if (shape.kind === 'list') {
    query = query.where(inScope(scope)).where('binned_at', 'is', null);
  } else if (shape.kind === 'deleted-from') {
    query = query.where(inScope(scope)).where('binned_at', 'is not', null);
  } else if (shape.kind === 'collections') {
    query = query
      .where('collection_id', 'in', shape.collectionIds ?? [])
      .where('binned_at', 'is', null);
  } else if (shape.kind === 'tagged') {
    query = query
      .where('binned_at', 'is', null)
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
      .where('binned_at', shape.kind === 'recycle-bin' ? 'is not' : 'is', null);
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
  return descendingPage(
    query,
    { sortColumn, idColumn: 'id' },
    shape.after ? { sortValue: afterValue, id: afterId } : undefined,
    shape,
  );
}

/** Listing pages compiled once per shape (the common ones: a list, a tag, a recycle bin). */
const listingQuery = preparedQueries(listingPage);

/**
 * One page of a listing. `after` is the last post of the previous page (cursor paging);
 * `offset` skips that many posts; `limit` 0 means no limit; `withTags` reads each post's tags
 * (by name) in the same query; `readerId`, whether that user starred each post (`is_favorite`).
 * Pages of the common shapes (`limit` above 0, no `offset`, not `collections`) are kept while
 * nothing is committed (`listingPages`), so the posts come frozen.
 */
export async function listPosts(
  db: Db,
  listing: PostListing,
  page: {
    after?: PostRow;
    limit: number;
    offset?: number;
    withTags?: boolean;
    readerId?: number;
  },
): Promise<readonly ListedPost[]> {
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
  const { after, limit, offset = 0, withTags = false, readerId } = page;
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
    favorites: readerId !== undefined,
  };
  const afterValue = after?.[sortColumnOf[listing.kind]] ?? 0;
  const afterId = after?.id ?? 0;
  const ownerUserId = (listing.kind === 'list' && listing.ownedBy) || 0;
  const args = [owner, afterValue, afterId, ownerUserId, readerId ?? 0] as const;
  if (shape.collectionIds || offset > 0) {
    return withTagLists(await listingPage(db, shape, ...args).execute(), withTags);
  }
  const read = async () => withTagLists(await listingQuery(db, shape, ...args), withTags);
  // Pages of a list are read again and again (each tab, each refetch); whole listings (exports,
  // feeds: limit 0) would crowd them out.
  return limit > 0 ? listingPages.read(db, JSON.stringify([shape, args]), read) : read();
}

/** Rows of a listing query as ListedPosts: their tags column (when read) as a list of tags. */
function withTagLists(rows: Record<string, unknown>[], withTags: boolean): ListedPost[] {
  // The rows are the driver's own objects: their tags column is replaced in place.
  if (withTags) for (const row of rows) row.tags = tagsOfColumn(row.tags);
  return rows as ListedPost[];
}

/**
 * Pages of listings kept while nothing is committed (db/read-cache.ts): up to about 4 MB of
 * posts, counted by the length of their text.
 */
const listingPages = readCache<readonly ListedPost[]>({
  maxBytes: 4 * 1024 * 1024,
  sizeOf: (posts) =>
    posts.reduce(
      (bytes, post) =>
        bytes +
        ROW_BYTES +
        2 * (post.content.length + (post.title?.length ?? 0) + (post.description?.length ?? 0)),
      0,
    ),
});

/** What a post of a listing takes besides its text, roughly, in bytes. */
const ROW_BYTES = 400;
