/**
 * The search index's queries: the search feature's public module (docs/ARCHITECTURE.md, "Feature
 * boundaries"). Search has no service of its own: posts search a page at a time through
 * `searchPosts`/`searchCursor`, and the features that change a post's title, text or tags refresh
 * its search document with `refreshSearchDocuments`. Each function takes the caller's `Db`, so it
 * joins the caller's transaction.
 */
import { gunzipSync } from 'node:zlib';
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
 * Where a post matched, in rank order (PRODUCT.md#search): every include term in its title; in
 * its own search text (title, content, URL, description, tags); in the text of its page copy
 * (PRODUCT.md#page-copies). Results come a tier at a time, each post in the first it matches.
 */
export type SearchTier = 'title' | 'text' | 'page';

/** Where the previous page of results ended: its last post, and the tier it was found in. */
export interface SearchCursor {
  post: PostRow;
  tier: SearchTier;
}

/**
 * The tiers a query's results come from, in order: without include terms there is nothing to
 * rank by; `in:page` looks in page text alone, `-in:page` everywhere but.
 */
function tiersOf(query: SearchQuery): SearchTier[] {
  if (query.page === 'only') return ['page'];
  if (query.include.length === 0) return ['text'];
  return query.page === 'exclude' ? ['title', 'text'] : ['title', 'text', 'page'];
}

/** `text` as a LIKE pattern that matches it literally anywhere (escape character `\`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type SearchColumn = 'posts.search_text' | 'posts.search_title' | 'page_copies.search_text';

/** The column each tier matches in. */
const COLUMNS: Record<SearchTier, SearchColumn> = {
  title: 'posts.search_title',
  text: 'posts.search_text',
  page: 'page_copies.search_text',
};

/** SQLite's FTS5 trigram table of each tier's column (migrations 0006, 0019 and 0021). */
const FTS_TABLES: Record<SearchTier, string> = {
  title: 'posts_search_title_fts',
  text: 'posts_search_text_fts',
  page: 'page_copies_search_text_fts',
};

const contains = (column: SearchColumn, term: string) =>
  sql<SqlBool>`${sql.ref(column)} like ${containsPattern(term)} escape '\\'`;

/**
 * The page copies that hold every one of `terms` (with none, those with text at all): the
 * `post_id`s, for `posts.id in (…)`.
 */
const pageCopiesHolding = (db: Db, terms: readonly string[]) =>
  db
    .selectFrom('page_copies')
    .select('page_copies.post_id')
    .where((eb) =>
      terms.length > 0
        ? eb.and(terms.map((term) => contains('page_copies.search_text', term)))
        : eb('page_copies.search_text', '<>', ''),
    );

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
 * held no match and the index shows a page's worth of matches or more (`fewerThan`): enough for
 * a page of a word found in 1 % of posts (see `walkBudget`).
 */
const BLIND_WALK = 2000;

/**
 * Up to this many candidates (posts holding a rare word, or carrying a tag), a search looks them
 * up by id and sorts them; with more, they are dense enough that walking the posts in result
 * order finds a page soon.
 */
const FEW_HITS = 300;

/**
 * On SQLite, how many of a title word's posts (by the trigram index), in result order, a title
 * search reads first when there are more than FEW_HITS (see `matches`): twice a page, so that a
 * page fills from them unless most fail the rest of the query (`-word`, `type:`).
 */
const TITLE_WALK = 40;

/**
 * On SQLite, up to how many of a title word's posts a title search looks up by id when the first
 * TITLE_WALK held less than a page: about 5 µs each (a row read and checked), where walking on
 * reads the index of every post in scope. Bench `search`, 100,000 posts, 'demonstrate -bug'
 * (680 titles hold the word, 18 results): 15 ms → 8.
 */
const MANY_TITLE_HITS = 1000;

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
 * `rows` (posts in result order, a limited number) as a table of their own named like the
 * original: conditions on it are checked on those rows only, so reading stops where `rows` do.
 */
const readAsPosts = (db: Db, rows: PostsQuery): PostsQuery =>
  db.selectFrom(rows.as('posts')).selectAll();

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
 * Every condition of the query, checked row by row (no index): the include terms in `tier`'s
 * column (the title is part of the search text, so a title match is a text match), the exclude
 * terms in the post's search text and, for page matches, in the page text too.
 */
function matching(qb: PostsQuery, query: SearchQuery, tier: SearchTier = 'text') {
  if (tier === 'page') {
    // The copy of this post, looked up by its key: its text is only read for posts in hand. A
    // scalar subquery, not `exists`: PostgreSQL would turn that into a join reading every copy.
    qb = qb.where((outer) =>
      outer(
        outer
          .selectFrom('page_copies')
          .select(sql<number>`1`.as('held'))
          .whereRef('page_copies.post_id', '=', 'posts.id')
          .where((eb) =>
            eb.and([
              query.include.length > 0
                ? eb.and(query.include.map((term) => contains(COLUMNS.page, term)))
                : eb('page_copies.search_text', '<>', ''),
              ...query.exclude.map((term) => eb.not(contains(COLUMNS.page, term))),
            ]),
          ),
        '=',
        1,
      ),
    );
  } else {
    for (const term of query.include) qb = qb.where(contains(COLUMNS[tier], term));
  }
  for (const term of query.exclude) qb = qb.where((eb) => eb.not(contains(COLUMNS.text, term)));
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
 * `qb` (every condition of the query in `tier`, see `matching`) served by the text index. On
 * SQLite, narrowed to the posts the tier's FTS5 trigram table names for the include terms of
 * three characters or more (shorter ones stay row checks). On PostgreSQL the trigram GIN indexes
 * serve the LIKE conditions themselves (page text: the copies that hold the terms, found first);
 * `qb` becomes a subquery (`offset 0` keeps it one), so that PostgreSQL finds every match through
 * the index and then sorts them, rather than walk the posts in result order, which a row
 * estimate far below the real count would choose.
 */
function throughIndex(db: Db, qb: PostsQuery, query: SearchQuery, tier: SearchTier): PostsQuery {
  if (dialectOf(db) === 'postgres') {
    if (tier === 'page') qb = qb.where('posts.id', 'in', pageCopiesHolding(db, query.include));
    return db.selectFrom(qb.offset(0).as('posts')).selectAll();
  }
  const indexed = query.include.filter((term) => term.length >= TRIGRAM);
  if (indexed.length === 0) return qb;
  const table = sql.id(FTS_TABLES[tier]);
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

/**
 * Without the posts that hold every include term in `earlier`'s column: the matches of the tier
 * before, which came first (see searchPosts).
 */
function notIn<O>(
  qb: SelectQueryBuilder<Database, 'posts', O>,
  query: SearchQuery,
  earlier: SearchTier | undefined,
) {
  if (earlier === undefined || query.include.length === 0) return qb;
  return qb.where((eb) =>
    eb.not(eb.and(query.include.map((term) => contains(COLUMNS[earlier], term)))),
  );
}

/**
 * Whether `post` is one of the results of `query` in `scope`, and if so in which tier: the
 * cursor of the next page. Undefined when it is not a result.
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
  for (const tier of tiersOf(query)) {
    if (await matching(one, query, tier).executeTakeFirst()) return { post, tier };
  }
  return undefined;
}

/**
 * Posts in `scope` that match `query`: a tier at a time (see SearchTier: title matches, then
 * the rest of the post matches, then the page-text matches); within each, a list's order (one
 * collection or Uncategorized), last deleted first (the recycle bin) or newest first, ties by
 * id. `cursor`: the page after that post. `limit` 0 = all.
 *
 * Served by the search indexes of migrations 0006 and 0021, each tier the cheapest way its
 * database allows:
 * - SQLite's FTS5 trigram index names the posts that hold every trigram of a term: those that
 *   hold the term and a few more, which the row check leaves out. Titles and page texts are
 *   looked up through it (a word in many titles: see `matches`). The rest comes from the newest
 *   posts in scope when a page fills from them (common words: `walkBudget`), else through the
 *   index: by id when it names few posts (a rare word), else in result order.
 * - PostgreSQL's pg_trgm index only narrows down: it names the posts that hold every trigram of
 *   a term, and each of them is read again to check the term itself. Long notes hold most
 *   trigrams, so for a word found in 1 % of posts that is thousands of documents, each read from
 *   its TOAST storage. Reading the newest posts in order costs one document per post read and
 *   stops at a page, so titles and post texts walk first (titles, short and kept in the row,
 *   cheaply), further than on SQLite, and only terms rare among the newest posts go through the
 *   index, which then finds every match and sorts them. When the newest posts hold no match at
 *   all, the index is asked first for a page's worth in any order: fewer than that are all there
 *   are (a word found nowhere, a typo), and the walk further down is skipped (`fewerThan`).
 *   Search texts are compressed with LZ4 where the server can (migration 0023): every document
 *   the index or a walk reads is decompressed, and LZ4 does that faster than pglz.
 * - Page texts, long and in a table of their own, are read one post at a time (by the copy's
 *   key) while walking, and through their own index when the walk finds too few (or, as for
 *   post texts, before a walk that found none, when fewer than a page's worth of copies hold
 *   the words).
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
  const tiers = tiersOf(query);
  const first = cursor ? tiers.indexOf(cursor.tier) : 0;
  const found: PostRow[] = [];
  for (let at = first; at < tiers.length; at++) {
    const wanted = limit > 0 ? limit - found.length : 0;
    const from = cursor && at === first ? after(all, scope, cursor.post) : all;
    found.push(...(await findMatches(db, from, query, tiers[at]!, tiers[at - 1], scope, wanted)));
    if (limit > 0 && found.length >= limit) break;
  }
  return found;
}

/**
 * The first `limit` posts of `qb` (0 = all) that match `query` in `tier`, in result order,
 * without those of the `earlier` tier (they come first). Post and page texts (and titles on
 * PostgreSQL) read the newest posts in order as far as `walkBudget` says, then turn to the index
 * (`matches`): a word common in page texts fills a page from the first hundred posts, where the
 * index would read every copy that holds it. On PostgreSQL, when the first SCAN_BUDGET posts
 * held no match, `fewerThan` asks the index before walking on.
 */
async function findMatches(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  tier: SearchTier,
  earlier: SearchTier | undefined,
  scope: SearchScope,
  limit: number,
): Promise<PostRow[]> {
  const phase = <O>(rows: SelectQueryBuilder<Database, 'posts', O>) => notIn(rows, query, earlier);
  if (limit > 0 && (tier !== 'title' || dialectOf(db) === 'postgres')) {
    // The newest posts in scope after the first `skip`, read as a table of their own, so that
    // the walk stops after `budget` rows whatever the conditions.
    const fromNewest = (budget: number, skip: number, wanted: number) => {
      const newest = sorted(db, qb, scope, budget - skip).offset(skip);
      const candidates = phase(readAsPosts(db, newest));
      return sorted(db, matching(candidates, query, tier), scope, wanted).execute();
    };
    const found = await fromNewest(SCAN_BUDGET, 0, limit);
    if (found.length === limit) return found;
    const budget = walkBudget(db, tier, query, found.length, limit);
    if (budget > 0) {
      if (found.length === 0) {
        // PostgreSQL only (SQLite walks no further without a hit): see `walkBudget`.
        const few = await fewerThan(db, phase(qb), query, tier, limit);
        if (few) return matches(db, phase(qb), query, tier, scope, limit, few);
      }
      const walked = [...found, ...(await fromNewest(budget, SCAN_BUDGET, limit - found.length))];
      if (walked.length === limit) return walked;
    }
  }
  return matches(db, phase(qb), query, tier, scope, limit);
}

/**
 * How many of the newest posts to read, in order, after the first SCAN_BUDGET held `hits` of
 * the `wanted` matches; 0 = none, the index is cheaper. The hits tell how far a walk must go for
 * a page: twice that, if not too far. SQLite's index is cheap, so it walks only that far. On
 * PostgreSQL (see searchPosts) a walk reads the text of each post once, while the index reads
 * every candidate's, so it walks at most WALK_BUDGET whatever the estimate, and a walk through
 * post or page texts goes on for BLIND_WALK rows even when the first held no hit (a word in 1 %
 * of posts), unless a tag narrows the search to few posts, or the index shows fewer matches
 * than wanted (`fewerThan`, asked first). Asking costs the index's list of candidates and a few
 * of their documents; walking 1,800 posts reads about 500 long documents. Measured over the
 * 100,000 posts of bench `search` (pglz): a word found nowhere took 54 ms, 20 of them walks, and
 * 34 after; a word in 1 % of posts whose newest 200 hold none ('scary') takes 4 to 9 ms more
 * than the 8 to 13 it took, since the walk serves it after asking. Nothing found is the common
 * case of the two (a typo, a word from elsewhere).
 */
function walkBudget(
  db: Db,
  tier: SearchTier,
  query: SearchQuery,
  hits: number,
  wanted: number,
): number {
  const estimate = hits > 0 ? Math.ceil((2 * wanted * SCAN_BUDGET) / hits) : 0;
  if (dialectOf(db) === 'sqlite') return estimate <= WALK_BUDGET ? estimate : 0;
  if (hits > 0) return Math.min(estimate, WALK_BUDGET);
  return tier !== 'title' && query.tags.length === 0 ? BLIND_WALK : 0;
}

/**
 * The first `limit` posts of `qb` that match `query` in `tier`, in result order, through the
 * index: looked up by id when a selective part of the query names few posts (a rare word, a
 * tag), else all matches (see `throughIndex`); on SQLite, a title word in many posts is read in
 * result order as far as TITLE_WALK, then by id (MANY_TITLE_HITS). `asked`: the few candidates
 * found already (see `fewerThan`), instead of `fewCandidates`.
 */
async function matches(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  tier: SearchTier,
  scope: SearchScope,
  limit: number,
  asked?: readonly number[],
): Promise<PostRow[]> {
  const byId = (ids: readonly number[]) =>
    sorted(
      db,
      matching(qb.where('posts.id', 'in', ids), query, tier),
      scope,
      limit,
      true,
    ).execute();
  const few = asked ?? (await fewCandidates(db, query, tier));
  if (few?.length === 0) return [];
  if (few) return byId(few);
  if (dialectOf(db) === 'sqlite' && tier === 'title' && limit > 0) {
    // Most title matches meet the rest of the query too, and the first TITLE_WALK of them in
    // result order fill a page. When they do not (`-word`, `type:`), the rest are looked up by
    // id if they are not too many, rather than walk on through the index of every post in scope.
    const first = readAsPosts(db, sorted(db, throughIndex(db, qb, query, tier), scope, TITLE_WALK));
    const walked = await sorted(db, matching(first, query, tier), scope, limit).execute();
    if (walked.length === limit) return walked;
    const many = await fewCandidates(db, query, tier, MANY_TITLE_HITS);
    if (many) return byId(many);
  }
  return sorted(
    db,
    throughIndex(db, matching(qb, query, tier), query, tier),
    scope,
    limit,
  ).execute();
}

/**
 * Before a blind walk (PostgreSQL, see `walkBudget`): the posts that can match, when the index
 * shows fewer than `wanted` of them; undefined when it shows `wanted` or more, or cannot tell
 * (no term of three characters or more). It reads the index's candidates only until `wanted`
 * of them match: for a word found nowhere (or almost), all of them, the work the index would do
 * after the walk anyway; for a common one, a few. Post texts: the matches themselves (`qb` and
 * every condition of `query`); page texts: the posts whose copies hold the include terms.
 */
async function fewerThan(
  db: Db,
  qb: PostsQuery,
  query: SearchQuery,
  tier: SearchTier,
  wanted: number,
): Promise<number[] | undefined> {
  if (!query.include.some((term) => term.length >= TRIGRAM)) return undefined;
  const rows =
    tier === 'page'
      ? pageCopiesHolding(db, query.include)
          .select('page_copies.post_id as id')
          .limit(wanted)
          .execute()
      : throughIndex(db, matching(qb, query, tier), query, tier)
          .clearSelect()
          .select('posts.id')
          .limit(wanted)
          .execute();
  const ids = (await rows).map((row) => row.id);
  return ids.length < wanted ? ids : undefined;
}

/** The ids of `rows` (read `most` + 1 at most), or undefined when there are more than `most`. */
async function fewIds(
  rows: Promise<{ id: number }[]>,
  most: number,
): Promise<Set<number> | undefined> {
  const ids = (await rows).map((row) => row.id);
  return ids.length > most ? undefined : new Set(ids);
}

/**
 * The posts that can match at all, when a selective part of the query names at most `most` of
 * them: a word rare in `tier`'s column (SQLite's trigram index; on PostgreSQL page texts too,
 * whose copies are read only up to `most` + 1) or a tag. Undefined when every part is common.
 */
async function fewCandidates(
  db: Db,
  query: SearchQuery,
  tier: SearchTier,
  most = FEW_HITS,
): Promise<number[] | undefined> {
  const sources = query.tags.map((tag) =>
    fewIds(
      db
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select('post_tags.post_id as id')
        .where('tags.name_key', '=', tag)
        .limit(most + 1)
        .execute(),
      most,
    ),
  );
  const indexed = query.include.filter((term) => term.length >= TRIGRAM);
  if (dialectOf(db) === 'sqlite' && indexed.length > 0) {
    const table = sql.id(FTS_TABLES[tier]);
    const hits = sql<{ id: number }>`
      select rowid as id from ${table} where ${table} match ${ftsMatch(indexed)}
      limit ${most + 1}`;
    sources.push(
      fewIds(
        hits.execute(db).then((result) => result.rows),
        most,
      ),
    );
  } else if (tier === 'page' && indexed.length > 0) {
    const copies = pageCopiesHolding(db, query.include)
      .select('page_copies.post_id as id')
      .limit(most + 1);
    sources.push(fewIds(copies.execute(), most));
  }
  const sets = (await Promise.all(sources)).filter((set) => set !== undefined);
  if (sets.length === 0) return undefined;
  const [first, ...others] = sets;
  return [...first!].filter((id) => others.every((set) => set.has(id)));
}

/** The plain text of the page copies of `postIds` that have one (for snippets), by post id. */
export async function pageTextsOf(
  db: Db,
  postIds: readonly number[],
): Promise<Map<number, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('page_copies')
    .select(['post_id', 'text_gz'])
    .where('post_id', 'in', [...postIds])
    .where('text_gz', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.post_id, gunzipSync(row.text_gz!).toString('utf8')]));
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
