import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * One page of `query` in descending order of `sortColumn`, ties by `idColumn` (also descending),
 * as every cursor-paged listing reads (posts of a list, a tag, a recycle bin, favourites).
 *
 * `after`: the sort value and id of the row that ended the previous page; the page starts below
 * it. The first bound (`sort <= value`) alone lets an index on (sort, id) seek to the cursor; the
 * `or` alone would be read as a filter, and every page would scan the listing from its top.
 * `limit` (0 = no limit) and `offset` are written into the SQL: SQLite plans `limit 20` better
 * than `limit ?` (about a third less time for a page with tags). Values may be the stand-ins of
 * `preparedQueries` (db/database.ts): they are only bound, never inspected.
 */
export function descendingPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { sortColumn, idColumn }: { sortColumn: string; idColumn: string },
  after: { sortValue: unknown; id: unknown } | undefined,
  { limit, offset }: { limit: number; offset: number },
): SelectQueryBuilder<DB, TB, O> {
  const sort = sql.ref(sortColumn);
  const id = sql.ref(idColumn);
  let page = query;
  if (after) {
    const { sortValue, id: afterId } = after;
    page = page
      .where(sql<SqlBool>`${sort} <= ${sortValue}`)
      .where(
        sql<SqlBool>`(${sort} < ${sortValue} or (${sort} = ${sortValue} and ${id} < ${afterId}))`,
      );
  }
  page = page.orderBy(sql`${sort} desc`).orderBy(sql`${id} desc`);
  if (limit > 0) page = page.limit(sql.lit(limit));
  return offset > 0 ? page.offset(sql.lit(offset)) : page;
}
