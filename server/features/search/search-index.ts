/**
 * The search index's queries: the search feature's public module (docs/ARCHITECTURE.md, "Feature
 * boundaries"). Search has no service of its own: posts search a page at a time through
 * `searchPosts`/`searchCursor`, and the features that change a post's title, text or tags refresh
 * its search document with `refreshSearchDocuments`. Each function takes the caller's `Db`, so it
 * joins the caller's transaction.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { Database, PostRow } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { listTagsOfPosts } from '../tags/post-tags.ts';
import { searchDocument } from './search-document.ts';
import type { SearchQuery } from './search-query.ts';

/**
 * Which posts a search looks in: live ones, or those of a user's recycle bin; with
 * `favoritesOf` (`is:favorite`), only those that user starred (PRODUCT.md#favourites).
 */
export type SearchScope = (
  | { kind: 'collections'; collectionIds: readonly number[] }
  | { kind: 'uncategorized'; userId: number }
  /** Everything the user may read: their own posts and those of collections shared with them. */
  | { kind: 'readable'; userId: number; sharedCollectionIds: readonly number[] }
  | { kind: 'recycle-bin'; userId: number }
) & { favoritesOf?: number };

/**
 * Where the previous page of results ended: its last post, and whether that post was among the
 * title matches (which come first).
 */
export interface SearchCursor {
  post: PostRow;
  titled: boolean;
}

/** `text` as a LIKE pattern that matches it literally anywhere (escape character `\`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type SearchColumn = 'search_text' | 'search_title';

const contains = (column: SearchColumn, term: string) =>
  sql<SqlBool>`${sql.ref(`posts.${column}`)} like ${containsPattern(term)} escape '\\'`;

/** SQLite's trigram index answers substrings of three characters or more. */
const TRIGRAM = 3;

/**
 * How many of the newest posts in scope a search reads directly before it turns to the index: a
 * common word fills a page from them at once, a rare one costs at most this many rows.
 */
const SCAN_BUDGET = 200;

/**
 * The longest walk through the newest posts in scope a search takes after the first
 * SCAN_BUDGET rows (see `walkBudget`).
 */
const WALK_BUDGET = 5000;

/**
 * On PostgreSQL, how many of the newest posts a text search reads when the first SCAN_BUDGET
 * held no match: enough for a page of a word found in 1 % of posts (see `walkBudget`).
 */
const BLIND_WALK = 2000;

/**
 * Up to this many candidates (posts holding a rare word, or carrying a tag), a search looks them
 * up by id and sorts them; with more, they are dense enough that walking the posts in result
 * order finds a page soon.
 */
const FEW_HITS = 300;

/**
 * An FTS5 query for SQLite's trigram index, which keeps which posts hold each trigram but not
 * where (migration 0019): every trigram of every term, each quoted (so operators in it are
 * text), all required. It names the posts that hold each trigram somewhere, a few more than hold
 * the term; the term itself is always checked row by row too (`matching`).
 */
function ftsMatch(terms: readonly string[]): string {
  const trigrams = new Set<string>();
  for (const term of terms) {
    const characters = Array.from(term);
    for (let start = 0; start + TRIGRAM <= characters.length; start++) {
      trigrams.add(characters.slice(start, start + TRIGRAM).join(''));
    }
  }
  return [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(' AND ');
}

type PostsQuery = SelectQueryBuilder<Database, 'posts', PostRow>;

/**
 * The order results come in after relevance: a list's own order; in the recycle bin, last
 * deleted first; else newest first.
 */
function sortOf(scope: SearchScope): 'order' | 'created_at' | 'binned_at' {
  if (scope.kind === 'recycle-bin') return 'binned_at';
  return scope.kind === 'uncategorized' ||
    (scope.kind === 'collections' && scope.collectionIds.length === 1)
    ? 'order'
    : 'created_at';
}

function inScope<O>(
  qb: SelectQueryBuilder<Database, 'posts', O>,
  scope: SearchScope,
): SelectQueryBuilder<Database, 'posts', O> {
  qb = qb.where(published('posts'));
  const { favoritesOf } = scope;
  if (favoritesOf !== undefined) {
    qb = qb.where('posts.id', 'in', (eb) =>
      eb
        .selectFrom('favorites')
        .select('favorites.post_id')
        .where('favorites.user_id', '=', favoritesOf),
    );
  }
  if (scope.kind === 'recycle-bin') {
    return qb.where('posts.user_id', '=', scope.userId).where('posts.binned_at', 'is not', null);
  }
  qb = qb.where('posts.binned_at', 'is', null);
  if (scope.kind === 'collections') {
    return qb.where('posts.collection_id', 'in', [...scope.collectionIds]);
  }
  if (scope.kind === 'uncategorized') {
    return qb.where('posts.user_id', '=', scope.userId).where('posts.collection_id', 'is', null);
  }
  const shared = [...scope.sharedCollectionIds];
  return qb.where((eb) => {
    const own = eb('posts.user_id', '=', scope.userId);
    return shared.length > 0 ? eb.or([own, eb('posts.collection_id', 'in', shared)]) : own;
  });
}

/**
 * Every condition of the query, checked row by row (no index); the include terms in `column`
 * (the title is part of the search text, so a title match is a match).
 */
function matching(qb: PostsQuery, query: SearchQuery, column: SearchColumn = 'search_text') {
  for (const term of query.include) qb = qb.where(contains(column, term));
  for (const term of query.exclude) qb = qb.where((eb) => eb.not(contains('search_text', term)));
  for (const tag of query.tags) {
    // Driven by the tag (a handful of posts), not by checking every post for it.
    qb = qb.where('posts.id', 'in', (eb) =>
      eb
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select('post_tags.post_id')
        .where('tags.name_key', '=', tag),
    );
  }
  return query.type ? qb.where('posts.type', '=', query.type) : qb;
}

/**
 * `qb` (every condition of the query in `column`, see `matching`) served by the text index. On
 * SQLite, narrowed to the posts the FTS5 trigram table names for the include terms of three
 * characters or more (shorter ones stay row checks). On PostgreSQL the trigram GIN index serves
 * the LIKE conditions themselves; `qb` becomes a subquery (`offset 0` keeps it one), so that
 * PostgreSQL finds every match through the index and then sorts them, rather than walk the posts
 * in result order, which a row estimate far below the real count would choose.
 */
function throughIndex(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  column: SearchColumn,
): PostsQuery {
  if (dialectOf(db) === 'postgres') {
    return db.selectFrom(qb.offset(0).as('posts')).selectAll();
  }
  const indexed = query.include.filter((term) => term.length >= TRIGRAM);
  if (indexed.length === 0) return qb;
  const table = sql.id(`posts_${column}_fts`);
  return qb.where(
    sql<SqlBool>`posts.id in (select rowid from ${table} where ${table} match ${ftsMatch(indexed)})`,
  );
}

/**
 * `qb` in result order, the first `limit` (0 = all). `byId`: the rows are a few looked up by id;
 * SQLite (without table statistics) would still walk the sort column's index through every post
 * in scope, so there the column is written `+column`, which keeps the index out of the plan.
 */
function sorted<O>(
  db: Db,
  qb: SelectQueryBuilder<Database, 'posts', O>,
  scope: SearchScope,
  limit: number,
  byId = false,
): SelectQueryBuilder<Database, 'posts', O> {
  const column = sql.ref(`posts.${sortOf(scope)}`);
  const key = byId && dialectOf(db) === 'sqlite' ? sql`+${column}` : column;
  qb = qb.orderBy(key, 'desc').orderBy('posts.id', 'desc');
  return limit > 0 ? qb.limit(limit) : qb;
}

/** The posts of `qb` after `post` in result order (see `sorted`). */
function after(qb: PostsQuery, scope: SearchScope, post: PostRow): PostsQuery {
  const column = `posts.${sortOf(scope)}` as const;
  const value = post[sortOf(scope)];
  return qb.where((eb) =>
    eb.or([eb(column, '<', value), eb.and([eb(column, '=', value), eb('posts.id', '<', post.id)])]),
  );
}

/** Without the posts whose title holds every include term (they come first, see searchPosts). */
function untitled<O>(qb: SelectQueryBuilder<Database, 'posts', O>, query: SearchQuery) {
  if (query.include.length === 0) return qb;
  return qb.where((eb) =>
    eb.not(eb.and(query.include.map((term) => contains('search_title', term)))),
  );
}

/**
 * Whether `post` is one of the results of `query` in `scope`, and if so whether among the title
 * matches: the cursor of the next page. Undefined when it is not a result.
 */
export async function searchCursor(
  db: Db,
  scope: SearchScope,
  query: SearchQuery,
  post: PostRow,
): Promise<SearchCursor | undefined> {
  const one = inScope(db.selectFrom('posts').selectAll('posts'), scope).where(
    'posts.id',
    '=',
    post.id,
  );
  if (!(await matching(one, query).executeTakeFirst())) return undefined;
  const titled =
    query.include.length > 0 &&
    (await matching(one, query, 'search_title').executeTakeFirst()) !== undefined;
  return { post, titled };
}

/**
 * Posts in `scope` that match `query`: first those whose title holds every
 * word, then the rest; within each, a list's order (one collection or Uncategorized), last
 * deleted first (the recycle bin) or newest first, ties by id. `cursor`: the page after that
 * post. `limit` 0 = all.
 *
 * Served by the search index of migration 0006, each part (title matches, then the rest) the
 * cheapest way its database allows:
 * - SQLite's FTS5 trigram index names the posts that hold every trigram of a term: those that
 *   hold the term and a few more, which the row check leaves out. Titles are looked up through
 *   it. The rest comes from the newest posts in scope when a page fills from them
 *   (common words: `walkBudget`), else through the index: by id when it names few posts (a rare
 *   word), else in result order.
 * - PostgreSQL's pg_trgm index only narrows down: it names the posts that hold every trigram of
 *   a term, and each of them is read again to check the term itself. Long notes hold most
 *   trigrams, so for a word found in 1 % of posts that is thousands of documents, each read from
 *   its TOAST storage. Reading the newest posts in order costs one document per post read and
 *   stops at a page, so both parts walk first (titles, short and kept in the row, cheaply),
 *   further than on SQLite, and only terms rare among the newest posts go through the index,
 *   which then finds every match and sorts them.
 */
export async function searchPosts(
  db: Db,
  scope: SearchScope,
  query: SearchQuery,
  limit: number,
  cursor?: SearchCursor,
): Promise<PostRow[]> {
  if (scope.kind === 'collections' && scope.collectionIds.length === 0) return [];
  const all = inScope(db.selectFrom('posts').selectAll('posts'), scope);

  const titleFirst = query.include.length > 0 && (cursor === undefined || cursor.titled);
  const titledFrom = cursor?.titled ? after(all, scope, cursor.post) : all;
  const titled = titleFirst
    ? await findMatches(db, titledFrom, query, 'search_title', scope, limit)
    : [];
  const wanted = limit > 0 ? limit - titled.length : 0;
  if (limit > 0 && wanted <= 0) return titled;
  const base = cursor && !cursor.titled ? after(all, scope, cursor.post) : all;
  return [...titled, ...(await findMatches(db, base, query, 'search_text', scope, wanted))];
}

/**
 * The first `limit` posts of `qb` (0 = all) whose `column` matches `query`, in result order;
 * for the search text, without the title matches (they come first). Reads the newest posts
 * in order as far as `walkBudget` says, then turns to the index (`matches`).
 */
async function findMatches(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  column: SearchColumn,
  scope: SearchScope,
  limit: number,
): Promise<PostRow[]> {
  const phase = <O>(rows: SelectQueryBuilder<Database, 'posts', O>) =>
    column === 'search_text' ? untitled(rows, query) : rows;
  if (limit > 0 && (column === 'search_text' || dialectOf(db) === 'postgres')) {
    // The newest posts in scope after the first `skip`, as a table of their own named like the
    // original, so that the walk stops after `budget` rows whatever the conditions.
    const fromNewest = (budget: number, skip: number, wanted: number) => {
      const newest = sorted(db, qb, scope, budget - skip).offset(skip);
      const candidates = phase(db.selectFrom(newest.as('posts')).selectAll());
      return sorted(
        db,
        matching(candidates as unknown as PostsQuery, query, column),
        scope,
        wanted,
      ).execute();
    };
    const found = await fromNewest(SCAN_BUDGET, 0, limit);
    if (found.length === limit) return found;
    const budget = walkBudget(db, column, query, found.length, limit);
    if (budget > 0) {
      const walked = [...found, ...(await fromNewest(budget, SCAN_BUDGET, limit - found.length))];
      if (walked.length === limit) return walked;
    }
  }
  return matches(db, phase(qb), query, column, scope, limit);
}

/**
 * How many of the newest posts to read, in order, after the first SCAN_BUDGET held `hits` of
 * the `wanted` matches; 0 = none, the index is cheaper. The hits tell how far a walk must go for
 * a page: twice that, if not too far. SQLite's index is cheap, so it walks only that far. On
 * PostgreSQL (see searchPosts) a walk reads the text of each post once, while the index reads
 * every candidate's, so it walks at most WALK_BUDGET whatever the estimate, and a text walk
 * goes on for BLIND_WALK rows even when the first held no hit (a word in 1 % of posts), unless
 * a tag narrows the search to few posts.
 */
function walkBudget(
  db: Db,
  column: SearchColumn,
  query: SearchQuery,
  hits: number,
  wanted: number,
): number {
  const estimate = hits > 0 ? Math.ceil((2 * wanted * SCAN_BUDGET) / hits) : 0;
  if (dialectOf(db) === 'sqlite') return estimate <= WALK_BUDGET ? estimate : 0;
  if (hits > 0) return Math.min(estimate, WALK_BUDGET);
  return column === 'search_text' && query.tags.length === 0 ? BLIND_WALK : 0;
}

/**
 * The first `limit` posts of `qb` whose `column` matches `query`, in result order, through the
 * index: looked up by id when a selective part of the query names few posts (a rare word on
 * SQLite, a tag), else all matches (see `throughIndex`).
 */
async function matches(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  column: SearchColumn,
  scope: SearchScope,
  limit: number,
): Promise<PostRow[]> {
  const few = await fewCandidates(db, query, column);
  if (few?.length === 0) return [];
  if (few) {
    const candidates = matching(qb.where('posts.id', 'in', few), query, column);
    return sorted(db, candidates, scope, limit, true).execute();
  }
  return sorted(
    db,
    throughIndex(db, matching(qb, query, column), query, column),
    scope,
    limit,
  ).execute();
}

/** The ids of `rows` (read FEW_HITS + 1 at most), or undefined when there are more than FEW_HITS. */
async function fewIds(rows: Promise<{ id: number }[]>): Promise<Set<number> | undefined> {
  const ids = (await rows).map((row) => row.id);
  return ids.length > FEW_HITS ? undefined : new Set(ids);
}

/**
 * The posts that can match at all, when a selective part of the query names at most FEW_HITS of
 * them: a word rare in `column` (SQLite's trigram index) or a tag. Undefined when every part is
 * common.
 */
async function fewCandidates(
  db: Db,
  query: SearchQuery,
  column: SearchColumn,
): Promise<number[] | undefined> {
  const sources = query.tags.map((tag) =>
    fewIds(
      db
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select('post_tags.post_id as id')
        .where('tags.name_key', '=', tag)
        .limit(FEW_HITS + 1)
        .execute(),
    ),
  );
  const indexed = query.include.filter((term) => term.length >= TRIGRAM);
  if (dialectOf(db) === 'sqlite' && indexed.length > 0) {
    const table = sql.id(`posts_${column}_fts`);
    const hits = sql<{ id: number }>`
      select rowid as id from ${table} where ${table} match ${ftsMatch(indexed)}
      limit ${FEW_HITS + 1}`;
    sources.push(fewIds(hits.execute(db).then((result) => result.rows)));
  }
  const sets = (await Promise.all(sources)).filter((set) => set !== undefined);
  if (sets.length === 0) return undefined;
  const [first, ...others] = sets;
  return [...first!].filter((id) => others.every((set) => set.has(id)));
}

/**
 * Rewrites the search documents of `postIds` from their current title, content, URL,
 * description and tags. Every change to one of those calls this (or writes the document
 * itself, as imports do), so the index never lags.
 */
export async function refreshSearchDocuments(db: Db, postIds: readonly number[]): Promise<void> {
  if (postIds.length === 0) return;
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'title', 'content', 'url', 'description'])
    .where('id', 'in', [...postIds])
    .execute();
  const tags = await listTagsOfPosts(db, postIds);
  for (const post of posts) {
    const tagNames = (tags.get(post.id) ?? []).map((tag) => tag.name);
    await db
      .updateTable('posts')
      .set(searchDocument({ ...post, tagNames }))
      .where('id', '=', post.id)
      .execute();
  }
}
