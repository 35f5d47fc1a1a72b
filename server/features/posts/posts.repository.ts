import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewPostRow, PostRow } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { URL_KEY_INDEXED_LENGTH, urlKey } from '../../lib/url-key.ts';

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
  return db
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', id)
    .where(published('posts'))
    .executeTakeFirst();
}

/** The posts with these ids (live or in the recycle bin), by id; unknown ids are missing. */
export async function findPosts(db: Db, ids: readonly number[]): Promise<Map<number, PostRow>> {
  const rows = ids.length
    ? await db
        .selectFrom('posts')
        .selectAll()
        .where('id', 'in', ids)
        .where(published('posts'))
        .execute()
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Highest `order` among the live posts of a list; 0 when it is empty. */
export async function maxLiveOrder(db: Db, scope: PostScope): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.max('order').as('max'))
    .where(inScope(scope))
    .where('binned_at', 'is', null)
    .executeTakeFirst();
  return row?.max ?? 0;
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
    .where('binned_at', 'is', null)
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
    .where('binned_at', 'is', null);
  await db
    .updateTable('posts')
    .from(ranked.as('ranked'))
    .set((eb) => ({ order: eb.ref('ranked.position') }))
    .whereRef('posts.id', '=', 'ranked.id')
    .whereRef('posts.order', '<>', 'ranked.position')
    .execute();
}

/**
 * The fields with `url_key` added when they set `url`: every write of a post's URL goes through
 * here (the repository's writers and `insertPosts`), so the duplicate check sees it.
 */
export function withUrlKey<F extends { url?: string | null }>(fields: F): F {
  if (fields.url === undefined) return fields;
  return { ...fields, url_key: fields.url === null ? null : urlKey(fields.url) };
}

/**
 * The live, published posts whose `url_key` is `key`, newest first, with their collection's name (null for
 * Uncategorized): of every user, for the caller to keep those it may read. Served by the index
 * `posts_live_url_key_prefix` on the key's first characters (migration 0024); the whole key is
 * compared too.
 */
export function listLivePostsWithUrlKey(db: Db, key: string, limit: number) {
  return db
    .selectFrom('posts')
    .leftJoin('collections', 'collections.id', 'posts.collection_id')
    .select([
      'posts.id',
      'posts.title',
      'posts.url',
      'posts.user_id',
      'posts.collection_id',
      'collections.name as collection_name',
    ])
    .where(
      sql`substr(${sql.ref('posts.url_key')}, 1, ${sql.lit(URL_KEY_INDEXED_LENGTH)})`,
      '=',
      key.slice(0, URL_KEY_INDEXED_LENGTH),
    )
    .where('posts.url_key', '=', key)
    .where('posts.binned_at', 'is', null)
    .where(published('posts'))
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}

export function insertPost(db: Db, values: NewPostRow): Promise<PostRow> {
  return db.insertInto('posts').values(withUrlKey(values)).returningAll().executeTakeFirstOrThrow();
}

export async function updatePost(
  db: Db,
  id: number,
  fields: Partial<Omit<PostRow, 'id'>>,
): Promise<void> {
  await db.updateTable('posts').set(withUrlKey(fields)).where('id', '=', id).execute();
}

/** Sets the same fields on many posts. */
export async function updatePosts(
  db: Db,
  ids: readonly number[],
  fields: Partial<Omit<PostRow, 'id'>>,
): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('posts').set(withUrlKey(fields)).where('id', 'in', ids).execute();
}
