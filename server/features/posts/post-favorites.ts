import { preparedQueries, type Db } from '../../db/database.ts';
import { descendingPage } from '../../db/keyset-page.ts';
import { published } from '../../db/staging.ts';
import { tagsColumn, tagsOfColumn } from '../tags/post-tags.ts';
import { listedColumns, type ListedPost } from './post-listing.ts';

/*
 * Favourites (PRODUCT.md#favourites): the posts a user starred, one `favorites` row per user and
 * post (migration 0017). A star is the user's own: reading it takes only read access to the post.
 */

/** Which of `postIds` the user starred. */
export async function listFavoriteIds(
  db: Db,
  userId: number,
  postIds: readonly number[],
): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorites')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...postIds])
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

/** Stars the post for the user (`now` when it was not starred yet) or takes the star off. */
export async function setFavorite(
  db: Db,
  userId: number,
  postId: number,
  favorite: boolean,
  now: string,
): Promise<void> {
  if (favorite) {
    await db
      .insertInto('favorites')
      .values({ user_id: userId, post_id: postId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('post_id', '=', postId)
      .execute();
  }
}

/** When the user starred the post; undefined when they did not (a Favourites page's cursor). */
export async function findFavoriteStarredAt(
  db: Db,
  userId: number,
  postId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('favorites')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row?.created_at;
}

/** Which posts a Favourites page may show: the user's own and those of collections shared with them. */
export interface FavoritesListing {
  userId: number;
  /** The collections shared with the user (each share's and all below it). */
  sharedCollectionIds: readonly number[];
}

/** What the SQL of a Favourites page depends on. */
interface FavoritesShape {
  shared: number;
  after: boolean;
  /** 0 = no limit; written into the SQL as the listing pages do. */
  limit: number;
  offset: number;
  tags: boolean;
}

function favoritesPage(
  db: Db,
  shape: FavoritesShape,
  userId: number,
  sharedIds: number[],
  afterStarredAt: string,
  afterPostId: number,
) {
  const query = db
    .selectFrom('favorites')
    .innerJoin('posts', 'posts.id', 'favorites.post_id')
    .select(listedColumns.map((column) => `posts.${column}` as const))
    .$if(shape.tags, (qb) => qb.select(tagsColumn(db).as('tags')))
    .where('favorites.user_id', '=', userId)
    .where('posts.binned_at', 'is', null)
    .where(published('posts'))
    .where((eb) =>
      shape.shared > 0
        ? eb.or([eb('posts.user_id', '=', userId), eb('posts.collection_id', 'in', sharedIds)])
        : eb('posts.user_id', '=', userId),
    );
  return descendingPage(
    query,
    { sortColumn: 'favorites.created_at', idColumn: 'favorites.post_id' },
    shape.after ? { sortValue: afterStarredAt, id: afterPostId } : undefined,
    shape,
  );
}

/** Favourites pages of users without shared collections, compiled once per shape. */
const favoritesQuery = preparedQueries(favoritesPage);

/**
 * A page of the user's favourites: the live, published posts they starred and may still read,
 * most recently starred first (ties by post id). `after`: the post that ended the previous page,
 * and when it was starred. A post in the recycle bin or in a collection no longer shared with
 * the user keeps its star but is left out.
 */
export async function listFavoritePosts(
  db: Db,
  listing: FavoritesListing,
  page: {
    after?: { postId: number; starredAt: string };
    limit: number;
    offset?: number;
    withTags?: boolean;
  },
): Promise<ListedPost[]> {
  const { after, limit, offset = 0, withTags = false } = page;
  const sharedIds = [...listing.sharedCollectionIds];
  const shape: FavoritesShape = {
    shared: sharedIds.length,
    after: after !== undefined,
    limit,
    offset,
    tags: withTags,
  };
  const args = [listing.userId, sharedIds, after?.starredAt ?? '', after?.postId ?? 0] as const;
  // A list of shared collections is a value of the SQL, not an argument: built anew each time.
  const rows =
    sharedIds.length > 0 || offset > 0
      ? await favoritesPage(db, shape, ...args).execute()
      : await favoritesQuery(db, shape, ...args);
  return rows.map((row) => ({
    ...row,
    is_favorite: true,
    ...(withTags && { tags: tagsOfColumn((row as { tags?: unknown }).tags) }),
  })) as ListedPost[];
}
