import type { z } from 'zod';
import { Permission } from '../../../contract/permissions.ts';
import { tagNameKey } from '../../../contract/tags.ts';
import type {
  bulkUpdatePostsBody,
  createPostBody,
  listPostsQuery,
  Post,
  SavedPost,
  updatePostBody,
} from '../../../contract/posts.ts';
import type { Db } from '../../db/database.ts';
import type { PostRow } from '../../db/schema.ts';
import type { AuthenticatedActor, UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { urlKey } from '../../lib/url-key.ts';
import {
  assertPostAccess,
  assertTagAccess,
  getAccessibleCollection,
  listCollectionsSharedWith,
} from '../collections/collection-access.ts';
import { subtreeIds } from '../collections/collection-tree.ts';
import { listCollectionsOwnedBy } from '../collections/collection-store.ts';
import { isEmptyQuery, parseSearchQuery } from '../search/search-query.ts';
import { pageSnippet, searchSnippet } from '../search/search-snippet.ts';
import {
  refreshSearchDocuments,
  pageTextsOf,
  searchCursor,
  searchPosts,
  type SearchCursor,
  type SearchScope,
} from '../search/search-index.ts';
import {
  findOrCreateTags,
  findTag,
  findTagNamed,
  listTagsOfPosts,
  replacePostTags,
} from '../tags/post-tags.ts';
import { postContentFields } from './post-content.ts';
import {
  moveWithinList,
  restoreAll,
  topOrder,
  transferAll,
  moveAllToRecycleBin,
} from './post-order.ts';
import {
  findFavoriteStarredAt,
  listFavoriteIds,
  listFavoritePosts,
  setFavorite,
} from './post-favorites.ts';
import { listSortedPosts } from './post-sorts.repository.ts';
import { toPost } from './posts.presenter.ts';
import {
  findPost,
  findPosts,
  insertPost,
  listLivePostsWithUrlKey,
  sameScope,
  scopeOf,
  updatePost,
  updatePosts,
} from './posts.repository.ts';
import { listPosts, type PostListing } from './post-listing.ts';

export type PostsService = ReturnType<typeof createPostsService>;

/** Where a post should go: Uncategorized (owned by the actor) or a collection (owned by its owner). */
interface Placement {
  collectionId: number | null;
  ownerId: number;
}

/**
 * Posts never leave their owner's account, also not through a share: a transfer into a list of
 * another user (a member moving the owner's post into their own collection, or an owner moving
 * theirs into a collection shared with them) is refused. @throws 403
 */
function assertStaysWithOwner(post: PostRow, placement: Placement): void {
  if (placement.ownerId !== post.user_id) {
    throw forbidden(
      `Post ${post.id} cannot move into a list of another user: posts stay in their owner’s account.`,
    );
  }
}

/** The list a placement puts posts into. */
function scopeOfPlacement(placement: Placement) {
  return scopeOf({ collection_id: placement.collectionId, user_id: placement.ownerId });
}

/** Most posts the duplicate check answers. */
const DUPLICATES_SHOWN = 20;
/** Most posts with the URL the duplicate check looks at (of every user, newest first). */
const DUPLICATE_CANDIDATES = 200;

/**
 * Posts: create, list, read, edit, transfer, reorder, recycle bin (PRODUCT.md#post-lists, API.md).
 * `onPreviewDue` is told after a link post was saved with a new link (its preview is pending).
 */
export function createPostsService({
  db,
  clock,
  onPreviewDue = () => {},
}: {
  db: Db;
  clock: Clock;
  onPreviewDue?: () => void;
}) {
  /**
   * The placement asked for by `collection_id` / `is_uncategorized` (PRODUCT.md#entities: null, 0
   * or `is_uncategorized` = Uncategorized); undefined when neither is given.
   */
  async function resolvePlacement(
    trx: Db,
    actor: UserActor,
    body: { collection_id?: number | null; is_uncategorized?: boolean },
  ): Promise<Placement | undefined> {
    const collectionId = body.is_uncategorized ? 0 : body.collection_id;
    if (collectionId === undefined) return undefined;
    if (collectionId === null || collectionId === 0) {
      return { collectionId: null, ownerId: actor.userId };
    }
    const collection = await getAccessibleCollection(trx, actor, collectionId, Permission.WRITE);
    return { collectionId: collection.id, ownerId: collection.user_id };
  }

  /**
   * The API view of `rows` read without their tags and stars: with tags when `include`, and with
   * whether the actor starred each (PRODUCT.md#favourites; never for a share link's visitor),
   * each read for the whole page in one query.
   */
  async function present(
    trx: Db,
    actor: AuthenticatedActor,
    rows: PostRow[],
    include: boolean | undefined,
  ) {
    const ids = rows.map((row) => row.id);
    const tags = include ? await listTagsOfPosts(trx, ids) : undefined;
    const starred =
      actor.kind === 'user' ? await listFavoriteIds(trx, actor.userId, ids) : new Set<number>();
    return rows.map((row) =>
      toPost({ ...row, is_favorite: starred.has(row.id) }, tags?.get(row.id)),
    );
  }

  /**
   * The ids of `ownerId`'s tags named `names` (ignoring case). Tags belong to users: the actor's
   * own are created on first use, but someone writing on another user's posts (a member of a
   * share) may only attach tags that user already has.
   * @throws 403 naming the first tag the owner does not have.
   */
  async function tagIdsFor(
    trx: Db,
    actor: UserActor,
    ownerId: number,
    names: readonly string[],
    now: string,
  ): Promise<number[]> {
    if (ownerId === actor.userId) {
      const tags = await findOrCreateTags(trx, ownerId, names, now);
      return [...tags.values()].map((tag) => tag.id);
    }
    const ids: number[] = [];
    for (const name of names) {
      const tag = await findTagNamed(trx, ownerId, name);
      if (!tag) {
        throw forbidden(
          `The owner of this post has no tag “${name.trim()}”; only they can create it.`,
        );
      }
      ids.push(tag.id);
    }
    return ids;
  }

  /**
   * Adds and removes tags by name on posts (bulk edit); returns the ids of the posts whose tag
   * set changed. Names to add follow tagIdsFor; names to remove that the owner lacks are no-ops.
   */
  async function editTags(
    trx: Db,
    actor: UserActor,
    posts: readonly PostRow[],
    add: readonly string[],
    remove: readonly string[],
    now: string,
  ): Promise<number[]> {
    const current = await listTagsOfPosts(
      trx,
      posts.map((post) => post.id),
    );
    const changed: number[] = [];
    for (const ownerId of new Set(posts.map((post) => post.user_id))) {
      const added = await tagIdsFor(trx, actor, ownerId, add, now);
      const removed = new Set<number>();
      for (const name of remove) {
        const tag = await findTagNamed(trx, ownerId, name);
        if (tag) removed.add(tag.id);
      }
      for (const post of posts.filter((row) => row.user_id === ownerId)) {
        const before = new Set((current.get(post.id) ?? []).map((tag) => tag.id));
        const after = new Set([...before, ...added].filter((id) => !removed.has(id)));
        if (after.size === before.size && [...after].every((id) => before.has(id))) continue;
        await replacePostTags(trx, post.id, [...after]);
        changed.push(post.id);
      }
    }
    return changed;
  }

  /** Whether the actor may read the post (someone else's, in a collection shared with them). */
  async function mayRead(actor: UserActor, post: Pick<PostRow, 'user_id' | 'collection_id'>) {
    try {
      await assertPostAccess(db, actor, post, Permission.READ);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return false;
      throw error;
    }
  }

  /** A post, live or in the recycle bin, on which the actor holds `needed`. @throws 404, 403 */
  async function getPost(trx: Db, actor: AuthenticatedActor, id: number, needed: number) {
    const post = await findPost(trx, id);
    if (!post) throw notFound('Post');
    await assertPostAccess(trx, actor, post, needed);
    return post;
  }

  /**
   * Which posts a listing query means for this actor. With `deferOwnCheck`, a user's collection
   * is not read first: the listing asks the page query to check that the user owns it (see
   * `list`). A share visitor sees the shared collection (or, when the share opens them, a
   * sub-collection), never a recycle bin, Uncategorized or a tag (tags belong to users). The recycle bin of one list (`collection_id`) is open to whoever
   * may read the list.
   * @throws 404 for a collection or tag the actor cannot see; 403 for a share visitor's recycle bin.
   */
  async function resolveListing(
    actor: AuthenticatedActor,
    query: z.output<typeof listPostsQuery>,
    { deferOwnCheck }: { deferOwnCheck: boolean },
  ): Promise<PostListing> {
    const uncategorized = query.is_uncategorized || query.collection_id === 0;
    if (actor.kind === 'user') {
      if (query.inRecycleBin) {
        if (uncategorized)
          return { kind: 'deleted-from', scope: { uncategorizedOf: actor.userId } };
        if (query.collection_id === undefined) return { kind: 'recycle-bin', userId: actor.userId };
        await getAccessibleCollection(db, actor, query.collection_id, Permission.READ);
        return { kind: 'deleted-from', scope: { collectionId: query.collection_id } };
      }
      if (query.tag_id !== undefined) {
        assertTagAccess(actor, await findTag(db, query.tag_id));
        return { kind: 'tagged', tagId: query.tag_id };
      }
      if (uncategorized) return { kind: 'list', scope: { uncategorizedOf: actor.userId } };
      if (query.collection_id === undefined) return { kind: 'all-live', userId: actor.userId };
      if (deferOwnCheck && !query.withDescendants) {
        return {
          kind: 'list',
          scope: { collectionId: query.collection_id },
          ownedBy: actor.userId,
        };
      }
      return collectionListing(actor, query.collection_id, query.withDescendants);
    }
    if (query.inRecycleBin) throw forbidden('A share link opens live posts only.');
    if (query.tag_id !== undefined) throw notFound('Tag');
    if (uncategorized) throw notFound('Collection');
    return collectionListing(
      actor,
      query.collection_id ?? actor.collectionId,
      query.withDescendants,
    );
  }

  /**
   * Where a search looks: a collection (and, with `withDescendants`, all below it), Uncategorized,
   * everything the user may read, or (`inRecycleBin`) the user's recycle bin.
   * @throws 404; 403 for a share visitor's recycle bin
   */
  async function resolveSearchScope(
    actor: AuthenticatedActor,
    query: z.output<typeof listPostsQuery>,
  ): Promise<SearchScope> {
    const uncategorized = query.is_uncategorized || query.collection_id === 0;
    if (query.inRecycleBin) {
      if (actor.kind !== 'user') throw forbidden('A share link opens live posts only.');
      return { kind: 'recycle-bin', userId: actor.userId };
    }
    if (actor.kind === 'user') {
      if (uncategorized) return { kind: 'uncategorized', userId: actor.userId };
      if (query.collection_id === undefined) {
        const shared = await listCollectionsSharedWith(db, actor.userId);
        return {
          kind: 'readable',
          userId: actor.userId,
          sharedCollectionIds: shared.map(({ collection }) => collection.id),
        };
      }
    } else if (uncategorized) {
      throw notFound('Collection');
    }
    const collectionId = query.collection_id ?? (actor.kind === 'share' ? actor.collectionId : 0);
    const collection = await getAccessibleCollection(db, actor, collectionId, Permission.READ);
    const below = query.withDescendants && (actor.kind === 'user' || actor.includeDescendants);
    const collectionIds = below
      ? subtreeIds(await listCollectionsOwnedBy(db, collection.user_id), collection.id)
      : [collection.id];
    return { kind: 'collections', collectionIds };
  }

  /**
   * A collection's list; with `withDescendants`, it and every collection below it the actor may
   * read (all of them for users, whose access is inherited down the tree; for a share visitor
   * only when the share opens sub-collections).
   */
  async function collectionListing(
    actor: AuthenticatedActor,
    collectionId: number,
    withDescendants: boolean | undefined,
  ): Promise<PostListing> {
    const collection = await getAccessibleCollection(db, actor, collectionId, Permission.READ);
    if (withDescendants && (actor.kind === 'user' || actor.includeDescendants)) {
      const tree = await listCollectionsOwnedBy(db, collection.user_id);
      return { kind: 'collections', collectionIds: subtreeIds(tree, collection.id) };
    }
    return { kind: 'list', scope: { collectionId } };
  }

  /**
   * A page of the actor's favourites (`favorites=true`, PRODUCT.md#favourites), most recently
   * starred first, in the collections they may still read. @throws 400 for an `after_id` that
   * is not one of their favourites
   */
  async function listFavorites(
    actor: UserActor,
    query: z.output<typeof listPostsQuery>,
    offset: number,
  ): Promise<Post[]> {
    let after: { postId: number; starredAt: string } | undefined;
    if (query.after_id !== undefined) {
      const starredAt = await findFavoriteStarredAt(db, actor.userId, query.after_id);
      if (starredAt === undefined) {
        throw badRequest('after_id is not a post of your favourites.', {
          after_id: ['is not a post of your favourites'],
        });
      }
      after = { postId: query.after_id, starredAt };
    }
    const shared = await listCollectionsSharedWith(db, actor.userId);
    const rows = await listFavoritePosts(
      db,
      { userId: actor.userId, sharedCollectionIds: shared.map(({ collection }) => collection.id) },
      { after, limit: query.limit ?? 0, offset, withTags: query.withTags },
    );
    return rows.map((row) => toPost(row, row.tags));
  }

  return {
    /**
     * A page of posts: a collection's or Uncategorized by order (or `sort`), all live posts (or a
     * collection's with those below it) newest first, or the recycle bin (of one list) last
     * deleted first; with `filter`, a page of search results (see searchPosts). @throws 404 for
     * a collection the actor cannot see; 400 for an `after_id` that is not in the listing or the
     * results, `offset` with `after_id` or without `limit`, `sort` on a listing other than one
     * list; 403 for a share visitor's recycle bin.
     */
    async list(actor: AuthenticatedActor, query: z.output<typeof listPostsQuery>): Promise<Post[]> {
      if (query.favorites) assertFavoritesAlone(actor, query);
      const readerId = actor.kind === 'user' ? actor.userId : undefined;
      const parsed = query.filter === undefined ? undefined : parseSearchQuery(query.filter);
      const search = parsed && { ...parsed, favorite: parsed.favorite || !!query.favorites };
      if (search && !isEmptyQuery(search)) {
        // A share link's visitor has no favourites.
        if (search.favorite && readerId === undefined) return [];
        const scope = {
          ...(await resolveSearchScope(actor, query)),
          ...(search.favorite && { favoritesOf: readerId }),
        };
        let cursor: SearchCursor | undefined;
        if (query.after_id !== undefined) {
          const after = await findPost(db, query.after_id);
          cursor = after && (await searchCursor(db, scope, search, after));
          if (!cursor) {
            throw badRequest('after_id is not a post of these search results.', {
              after_id: ['is not a post of these search results'],
            });
          }
        }
        const rows = await searchPosts(db, scope, search, query.limit ?? 0, cursor);
        const found = await present(db, actor, rows, true);
        // Where each result matched: in the post, else (or with in:page, only) in its page text.
        const own = found.map((post) =>
          search.page === 'only'
            ? undefined
            : searchSnippet(
                { ...post, tagNames: (post.tags ?? []).map((tag) => tag.name) },
                search.include,
              ),
        );
        const pageTexts =
          search.page === 'exclude'
            ? new Map<number, string>()
            : await pageTextsOf(
                db,
                found.filter((_, at) => !own[at]).map((post) => post.id),
              );
        return found.map((post, at) => {
          const pageText = pageTexts.get(post.id);
          const snippet = own[at] ?? (pageText && pageSnippet(pageText, search.include));
          const { tags, ...rest } = post;
          return { ...rest, ...(query.withTags && { tags }), ...(snippet && { search: snippet }) };
        });
      }
      const offset = query.offset ?? 0;
      if (offset > 0 && query.after_id !== undefined) {
        throw badRequest('Page either by after_id or by offset.', {
          offset: ['cannot be combined with after_id'],
        });
      }
      if (offset > 0 && !query.limit) {
        throw badRequest('offset needs a limit.', { offset: ['needs a limit above 0'] });
      }
      if (query.favorites) {
        return listFavorites(actor as UserActor, query, offset);
      }
      const sort = query.sort ?? 'manual';
      // The common page, of a user's own collection in manual order, takes one query: the access
      // check is part of it. An empty page may also mean someone else's collection (see below).
      const listing = await resolveListing(actor, query, {
        deferOwnCheck: sort === 'manual' && query.after_id === undefined,
      });
      if (sort !== 'manual' && listing.kind !== 'list') {
        throw badRequest('sort applies to the list of a collection or of Uncategorized.', {
          sort: ['applies to the list of a collection or of Uncategorized only'],
        });
      }

      let after: PostRow | undefined;
      if (query.after_id !== undefined) {
        after = await findPost(db, query.after_id);
        if (!after || !(await isIn(db, after, listing))) {
          throw badRequest('after_id is not a post of this list.', {
            after_id: ['is not a post of this list'],
          });
        }
      }
      const page = { after, limit: query.limit ?? 0, offset };
      if (sort !== 'manual' && listing.kind === 'list') {
        const rows = await listSortedPosts(db, listing.scope, sort, page);
        return present(db, actor, rows, query.withTags);
      }
      let rows = await listPosts(db, listing, { ...page, withTags: query.withTags, readerId });
      if (rows.length === 0 && listing.kind === 'list' && listing.ownedBy !== undefined) {
        // 404 when the actor may not see the collection; a member's page without the ownership
        // condition.
        const { scope, ownedBy } = listing;
        const collectionId = 'collectionId' in scope ? scope.collectionId : 0;
        const collection = await getAccessibleCollection(db, actor, collectionId, Permission.READ);
        if (collection.user_id !== ownedBy) {
          rows = await listPosts(
            db,
            { kind: 'list', scope },
            { ...page, withTags: query.withTags, readerId },
          );
        }
      }
      return rows.map((row) => toPost(row, row.tags));
    },

    /**
     * The duplicate check (PRODUCT.md#duplicate-check): the live posts the actor may read whose
     * normalised URL is that of `url`, newest first, at most DUPLICATES_SHOWN. Of the posts of
     * every user with that URL (found by index), the newest DUPLICATE_CANDIDATES are looked at.
     */
    async findSaved(actor: UserActor, url: string): Promise<SavedPost[]> {
      const rows = await listLivePostsWithUrlKey(db, urlKey(url), DUPLICATE_CANDIDATES);
      const found: SavedPost[] = [];
      for (const row of rows) {
        if (found.length === DUPLICATES_SHOWN) break;
        if (row.user_id !== actor.userId && !(await mayRead(actor, row))) continue;
        const { id, title, collection_id, collection_name } = row;
        found.push({ id, title, url: row.url!, collection_id, collection_name });
      }
      return found;
    },

    /** A live post. @throws 404 when it does not exist, is in the recycle bin, or is not visible. */
    async get(
      actor: AuthenticatedActor,
      id: number,
      options: { withTags?: boolean },
    ): Promise<Post> {
      const post = await getPost(db, actor, id, Permission.READ);
      if (post.binned_at !== null) throw notFound('Post');
      const [view] = await present(db, actor, [post], options.withTags);
      return view!;
    },

    /**
     * Creates a post on top of its list, content sanitized and typed, tags created on first use
     * (only the actor's own: see tagIdsFor). @throws 404 for a collection the actor cannot see;
     * 403 for a tag a member may not create.
     */
    async create(actor: UserActor, body: z.output<typeof createPostBody>): Promise<Post> {
      const created = await db.transaction().execute(async (trx) => {
        const placement = (await resolvePlacement(trx, actor, body)) ?? {
          collectionId: null,
          ownerId: actor.userId,
        };
        const now = clock().toISOString();
        const post = await insertPost(trx, {
          ...postContentFields(body.content, body.title),
          user_id: placement.ownerId,
          collection_id: placement.collectionId,
          description: body.description ?? null,
          color: null,
          image_path: null,
          order: await topOrder(trx, scopeOfPlacement(placement)),
          binned_at: null,
          created_at: now,
          updated_at: now,
        });
        if (body.tag_names) {
          const tagIds = await tagIdsFor(trx, actor, post.user_id, body.tag_names, now);
          await replacePostTags(trx, post.id, tagIds);
        }
        await refreshSearchDocuments(trx, [post.id]);
        const [view] = await present(trx, actor, [post], true);
        return view!;
      });
      if (created.preview_status === 'pending') onPreviewDue();
      return created;
    },

    /**
     * Edits any subset of a post: content and title, description, tags (`tag_names` replaces
     * the set), transfer to another list of the post's owner (on top there), `order` within its
     * list, `inRecycleBin` to the recycle bin or back; `is_favorite` stars it for the actor or
     * takes their star off (PRODUCT.md#favourites). A star alone needs only read access and
     * leaves the post as it is (not even `updated_at` changes). @throws 404 (also for a star on
     * a post the actor cannot read); 403 for an edit the actor may not make, a transfer out of
     * the owner's account or a tag a member may not create.
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof updatePostBody>,
    ): Promise<Post> {
      const { is_favorite: favorite, ...edit } = body;
      const starOnly =
        favorite !== undefined && Object.values(edit).every((value) => value === undefined);
      const { updated, linkChanged } = await db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        if (starOnly) {
          const post = await getPost(trx, actor, id, Permission.READ);
          await setFavorite(trx, actor.userId, post.id, favorite, now);
          const [view] = await present(trx, actor, [post], true);
          return { updated: view!, linkChanged: false };
        }
        let linkChanged = false;
        const needed = edit.inRecycleBin ? Permission.WRITE | Permission.DELETE : Permission.WRITE;
        let post = await getPost(trx, actor, id, needed);
        if (favorite !== undefined) await setFavorite(trx, actor.userId, post.id, favorite, now);
        const save = async (fields: Partial<PostRow>) => {
          await updatePost(trx, post.id, fields);
          post = { ...post, ...fields };
        };

        const placement = await resolvePlacement(trx, actor, body);
        if (placement) assertStaysWithOwner(post, placement);

        if (body.inRecycleBin === true && post.binned_at === null) {
          await moveAllToRecycleBin(trx, [post], now);
          post = { ...post, binned_at: now };
        } else if (body.inRecycleBin === false && post.binned_at !== null) {
          const orders = await restoreAll(trx, [post]);
          post = { ...post, order: orders.get(post.id)!, binned_at: null };
        }

        if (placement && placement.collectionId !== post.collection_id) {
          const orders = await transferAll(trx, [post], scopeOfPlacement(placement));
          post = { ...post, collection_id: placement.collectionId, order: orders.get(post.id)! };
        } else if (body.order !== undefined && post.binned_at === null) {
          await save({ order: await moveWithinList(trx, post, body.order) });
        }

        if (body.content !== undefined) {
          const fields = postContentFields(
            body.content,
            body.title === undefined ? post.title : body.title,
          );
          linkChanged = fields.url !== post.url;
          // The same link keeps its preview; a new one is fetched afresh (and the old one's
          // colour and thumbnail go, they described another page).
          await save(
            linkChanged
              ? {
                  ...fields,
                  color: null,
                  image_path: null,
                  preview_claimed_at: null,
                  preview_attempts: 0,
                }
              : { ...fields, preview_status: post.preview_status },
          );
        } else if (body.title !== undefined) {
          await save({ title: body.title?.trim() || post.url || null });
        }
        if (body.description !== undefined) await save({ description: body.description });
        if (body.tag_names) {
          const tagIds = await tagIdsFor(trx, actor, post.user_id, body.tag_names, now);
          await replacePostTags(trx, post.id, tagIds);
        }
        await save({ updated_at: now });
        await refreshSearchDocuments(trx, [post.id]);

        const [view] = await present(trx, actor, [post], true);
        return { updated: view!, linkChanged };
      });
      if (linkChanged && updated.preview_status === 'pending') onPreviewDue();
      return updated;
    },

    /** Sends a live post to the recycle bin, closing the gap in its list. @throws 404 */
    async moveToRecycleBin(actor: UserActor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const post = await getPost(trx, actor, id, Permission.DELETE);
        if (post.binned_at !== null) throw notFound('Post');
        await moveAllToRecycleBin(trx, [post], clock().toISOString());
      });
    },

    /**
     * Bulk edit (`PATCH /api/posts`), all or nothing in one transaction, in the order of a single
     * PATCH: to the recycle bin or back, then transfer (on top of the target list, keeping the posts'
     * relative order), then tags. Returns the ids, in the order given, of the posts that changed.
     * @throws 404 for a post the actor cannot see (its id in the message); 403 for one they may
     * not change, a transfer out of a post owner's account, or a tag a member may not create;
     * 400 for a tag name both to add and to remove.
     */
    async bulkUpdate(
      actor: UserActor,
      body: z.output<typeof bulkUpdatePostsBody>,
    ): Promise<number[]> {
      const add = body.add_tag_names ?? [];
      const remove = body.remove_tag_names ?? [];
      const removeKeys = new Set(remove.map(tagNameKey));
      const both = add.filter((name) => removeKeys.has(tagNameKey(name)));
      if (both.length > 0) {
        throw badRequest('A tag cannot be both added and removed.', {
          add_tag_names: both.map((name) => `“${name}” is also in remove_tag_names`),
        });
      }
      return db.transaction().execute(async (trx) => {
        const needed = body.inRecycleBin ? Permission.WRITE | Permission.DELETE : Permission.WRITE;
        const found = await findPosts(trx, body.ids);
        const posts: PostRow[] = [];
        // Access depends only on the post's list: check each list once.
        const checked = new Set<string>();
        for (const id of body.ids) {
          const post = found.get(id);
          if (!post) throw notFound(`Post ${id}`);
          const list = JSON.stringify(scopeOf(post));
          if (!checked.has(list)) {
            await assertPostAccess(trx, actor, post, needed).catch((error: unknown) => {
              if (error instanceof AppError && error.statusCode === 404)
                throw notFound(`Post ${id}`);
              if (error instanceof AppError && error.statusCode === 403) {
                throw forbidden(`You may not change post ${id}.`);
              }
              throw error;
            });
            checked.add(list);
          }
          posts.push(post);
        }
        const placement = await resolvePlacement(trx, actor, body);
        if (placement) for (const post of posts) assertStaysWithOwner(post, placement);

        const now = clock().toISOString();
        const current = new Map(posts.map((post) => [post.id, post]));
        const changed = new Set<number>();
        if (body.inRecycleBin === true) {
          const live = posts.filter((post) => post.binned_at === null);
          await moveAllToRecycleBin(trx, live, now);
          for (const post of live) {
            current.set(post.id, { ...post, binned_at: now });
            changed.add(post.id);
          }
        } else if (body.inRecycleBin === false) {
          const orders = await restoreAll(
            trx,
            posts.filter((post) => post.binned_at !== null),
          );
          for (const [id, order] of orders) {
            current.set(id, { ...current.get(id)!, order, binned_at: null });
            changed.add(id);
          }
        }
        if (placement) {
          const moving = [...current.values()].filter(
            (post) => post.collection_id !== placement.collectionId,
          );
          await transferAll(trx, moving, scopeOfPlacement(placement));
          for (const post of moving) changed.add(post.id);
        }
        // Tag names are part of the search document; the other changes leave it as it is.
        const retagged =
          add.length > 0 || remove.length > 0
            ? await editTags(trx, actor, posts, add, remove, now)
            : [];
        for (const id of retagged) changed.add(id);
        await updatePosts(trx, [...changed], { updated_at: now });
        await refreshSearchDocuments(trx, retagged);
        return body.ids.filter((id) => changed.has(id));
      });
    },
  };
}

/**
 * `favorites=true` lists the caller's own favourites across collections: not a share link's
 * visitor's, and not together with the fields that choose another list. @throws 403, 400
 */
function assertFavoritesAlone(
  actor: AuthenticatedActor,
  query: z.output<typeof listPostsQuery>,
): void {
  if (actor.kind !== 'user') throw forbidden('Favourites belong to signed-in users.');
  const others = {
    collection_id: query.collection_id,
    is_uncategorized: query.is_uncategorized,
    is_archived: query.inRecycleBin,
    tag_id: query.tag_id,
    withDescendants: query.withDescendants,
    sort: query.sort,
  };
  const given = Object.entries(others).filter(
    ([, value]) => value !== undefined && value !== false,
  );
  if (given.length > 0) {
    throw badRequest('favorites lists your favourites of every collection on its own.', {
      favorites: [`cannot be combined with ${given.map(([name]) => name).join(', ')}`],
    });
  }
}

/**
 * Whether `post` belongs to the listing (for validating a paging cursor): a tag page's posts are
 * the live ones carrying its tag.
 */
async function isIn(db: Db, post: PostRow, listing: PostListing): Promise<boolean> {
  switch (listing.kind) {
    case 'recycle-bin':
      return post.user_id === listing.userId && post.binned_at !== null;
    case 'deleted-from':
      return sameScope(scopeOf(post), listing.scope) && post.binned_at !== null;
    case 'collections':
      return (
        post.collection_id !== null &&
        listing.collectionIds.includes(post.collection_id) &&
        post.binned_at === null
      );
    case 'all-live':
      return post.user_id === listing.userId && post.binned_at === null;
    case 'list':
      return sameScope(scopeOf(post), listing.scope) && post.binned_at === null;
    case 'tagged': {
      if (post.binned_at !== null) return false;
      const tags = (await listTagsOfPosts(db, [post.id])).get(post.id)!;
      return tags.some((tag) => tag.id === listing.tagId);
    }
  }
}
