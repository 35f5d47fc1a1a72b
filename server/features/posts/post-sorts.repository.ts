import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { PostSort } from '../../../contract/posts.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PostRow } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { inScope, type PostScope } from './posts.repository.ts';

/*
 * A list (a collection, or Uncategorized) in an order other than its manual one (`sort` on
 * GET /api/posts). Every order ends with the id, so keyset paging (`after`) returns each post
 * exactly once. `title` and `domain` put posts without one last: they are read in two passes,
 * those with a key (by key, then id) and then those without (by id), each served by an index of
 * migration 0010 (whose expressions these must match character for character). The cursor
 * condition repeats its first column as a plain bound (`key >= k`), which both databases turn
 * into an index range; the `or` alone would have them scan from the start of the list.
 */

type KeyedSort = 'title' | 'domain';

/** The sort key of `title`/`domain`; null for untitled posts and text posts. */
function sortKey(db: Db, sort: KeyedSort): RawBuilder<string | null> {
  if (sort === 'title') return sql<string | null>`lower(title)`;
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`substr(base_url, strpos(base_url, '://') + 3)`
    : sql<string | null>`substr(base_url, instr(base_url, '://') + 3)`;
}

/** A page of `scope`'s live posts in `sort` order; `limit` 0 = all. */
export async function listSortedPosts(
  db: Db,
  scope: PostScope,
  sort: Exclude<PostSort, 'manual'>,
  page: { after?: PostRow; limit: number; offset?: number },
): Promise<PostRow[]> {
  const live = () =>
    db
      .selectFrom('posts')
      .selectAll()
      .where(inScope(scope))
      .where('binned_at', 'is', null)
      .where(published('posts'));
  const { after, limit, offset = 0 } = page;

  if (sort === 'newest' || sort === 'oldest') {
    const direction = sort === 'newest' ? 'desc' : 'asc';
    const beyond = direction === 'desc' ? '<' : '>';
    let query = live();
    if (after) {
      query = query
        .where('created_at', `${beyond}=`, after.created_at)
        .where((eb) =>
          eb.or([
            eb('created_at', beyond, after.created_at),
            eb.and([eb('created_at', '=', after.created_at), eb('id', beyond, after.id)]),
          ]),
        );
    }
    query = query.orderBy('created_at', direction).orderBy('id', direction);
    if (limit > 0) query = query.limit(limit);
    if (offset > 0) query = query.offset(offset);
    return query.execute();
  }

  const key = sortKey(db, sort);
  const afterKey = after
    ? ((
        await db
          .selectFrom('posts')
          .select(key.as('key'))
          .where('id', '=', after.id)
          .executeTakeFirstOrThrow()
      ).key ?? null)
    : undefined;

  const keyed: PostRow[] = [];
  if (afterKey !== null) {
    let query = live().where(key, 'is not', null);
    if (afterKey !== undefined) {
      query = query
        .where(key, '>=', afterKey)
        .where((eb): Expression<SqlBool> =>
          eb.or([
            eb(key, '>', afterKey),
            eb.and([eb(key, '=', afterKey), eb('id', '>', after!.id)]),
          ]),
        );
    }
    query = query.orderBy(key).orderBy('id');
    if (limit > 0) query = query.limit(limit);
    if (offset > 0) query = query.offset(offset);
    keyed.push(...(await query.execute()));
    if (limit > 0 && keyed.length === limit) return keyed;
  }

  // Those without a key follow; an offset beyond the keyed posts carries over to them.
  let rest = 0;
  if (offset > 0 && keyed.length === 0) {
    const counted = await live()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(key, 'is not', null)
      .executeTakeFirstOrThrow();
    rest = Math.max(0, offset - Number(counted.count));
  }
  let query = live().where(key, 'is', null);
  if (afterKey === null) query = query.where('id', '>', after!.id);
  query = query.orderBy('id');
  if (limit > 0) query = query.limit(limit - keyed.length);
  if (rest > 0) query = query.offset(rest);
  return [...keyed, ...(await query.execute())];
}
