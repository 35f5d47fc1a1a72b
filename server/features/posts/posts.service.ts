import type { z } from 'zod';
import { Permission } from '../../../contract/permissions.ts';
import type {
  createPostBody,
  listPostsQuery,
  Post,
  updatePostBody,
} from '../../../contract/posts.ts';
import type { Db } from '../../db/database.ts';
import type { PostRow } from '../../db/schema.ts';
import type { AuthenticatedActor, UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import {
  assertPostAccess,
  assertTagAccess,
  getAccessibleCollection,
  listCollectionsSharedWith,
} from '../collections/collection-access.ts';
import { subtreeIds } from '../collections/collection-tree.ts';
import { listCollectionsOwnedBy } from '../collections/collections.repository.ts';
import { isEmptyQuery, parseSearchQuery } from '../search/search-query.ts';
import { searchSnippet } from '../search/search-snippet.ts';
import {
  refreshSearchDocuments,
  searchCursor,
  searchPosts,
  type SearchCursor,
  type SearchScope,
} from '../search/search.repository.ts';
import {
  findOrCreateTags,
  findTag,
  listTagsOfPosts,
  replacePostTags,
} from '../tags/tags.repository.ts';
import { postContentFields } from './post-content.ts';
import { toPost } from './posts.presenter.ts';
import {
  findPost,
  insertPost,
  listPosts,
  maxLiveOrder,
  sameScope,
  scopeOf,
  shiftLiveOrders,
  updatePost,
  type PostListing,
} from './posts.repository.ts';

export type PostsService = ReturnType<typeof createPostsService>;

/** Where a post should go: Uncategorized (owned by the actor) or a collection (owned by its owner). */
interface Placement {
  collectionId: number | null;
  ownerId: number;
}

/**
 * Posts: create, list, read, edit, transfer, reorder, recycle bin (SPEC §4 posts, §7).
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
   * The placement asked for by `collection_id` / `is_uncategorized` (SPEC §3: null, 0 or
   * `is_uncategorized` = Uncategorized); undefined when neither is given.
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

  async function withTags(trx: Db, rows: PostRow[], include: boolean | undefined) {
    if (!include) return rows.map((row) => toPost(row));
    const tags = await listTagsOfPosts(
      trx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toPost(row, tags.get(row.id)));
  }

  async function setTags(trx: Db, post: PostRow, names: string[], now: string) {
    const tags = await findOrCreateTags(trx, post.user_id, names, now);
    await replacePostTags(
      trx,
      post.id,
      [...tags.values()].map((tag) => tag.id),
    );
  }

  /** Takes a live post out of its list, closing the gap (SPEC §4: delete renumbers). */
  async function leaveList(trx: Db, post: PostRow) {
    await shiftLiveOrders(trx, scopeOf(post), { from: post.order + 1 }, -1);
  }

  /** Moves a live post to `order` in its list (clamped to 1..max), shifting the posts between. */
  async function reorder(trx: Db, post: PostRow, order: number): Promise<number> {
    const scope = scopeOf(post);
    const target = Math.min(Math.max(order, 1), await maxLiveOrder(trx, scope));
    if (target > post.order)
      await shiftLiveOrders(trx, scope, { from: post.order + 1, to: target }, -1);
    if (target < post.order)
      await shiftLiveOrders(trx, scope, { from: target, to: post.order - 1 }, 1);
    return target;
  }

  /**
   * Brings a post back from the recycle bin into its list: to its old place when that is within
   * the list (the others make room), else on top (REFERENCE.md §5.7) — as are posts whose
   * collection was deleted (PLACE_LOST), which come back to Uncategorized.
   */
  async function restoreOrder(trx: Db, post: PostRow): Promise<number> {
    const scope = scopeOf(post);
    const max = await maxLiveOrder(trx, scope);
    if (post.order > max) return max + 1;
    await shiftLiveOrders(trx, scope, { from: post.order }, 1);
    return post.order;
  }

  /** A post, live or in the recycle bin, on which the actor holds `needed`. @throws 404, 403 */
  async function getPost(trx: Db, actor: AuthenticatedActor, id: number, needed: number) {
    const post = await findPost(trx, id);
    if (!post) throw notFound('Post');
    await assertPostAccess(trx, actor, post, needed);
    return post;
  }

  /**
   * Which posts a listing query means for this actor. A share visitor sees the shared collection
   * (or, when the share opens them, a sub-collection), never a recycle bin, Uncategorized or a
   * tag (tags belong to users).
   * @throws 404 for a collection or tag the actor cannot see; 403 for a share visitor's recycle bin.
   */
  async function resolveListing(
    actor: AuthenticatedActor,
    query: z.output<typeof listPostsQuery>,
  ): Promise<PostListing> {
    const uncategorized = query.is_uncategorized || query.collection_id === 0;
    if (actor.kind === 'user') {
      if (query.is_archived) return { kind: 'recycle-bin', userId: actor.userId };
      if (query.tag_id !== undefined) {
        assertTagAccess(actor, await findTag(db, query.tag_id));
        return { kind: 'tagged', tagId: query.tag_id };
      }
      if (uncategorized) return { kind: 'list', scope: { uncategorizedOf: actor.userId } };
      if (query.collection_id === undefined) return { kind: 'all-live', userId: actor.userId };
      return collectionListing(actor, query.collection_id);
    }
    if (query.is_archived) throw forbidden('A share link opens live posts only.');
    if (query.tag_id !== undefined) throw notFound('Tag');
    if (uncategorized) throw notFound('Collection');
    return collectionListing(actor, query.collection_id ?? actor.collectionId);
  }

  /**
   * Where a search looks (issue "search"): a collection (and, with `withDescendants`, all below
   * it), Uncategorized, everything the user may read, or (`is_archived`) the user's recycle bin.
   * @throws 404; 403 for a share visitor's recycle bin
   */
  async function resolveSearchScope(
    actor: AuthenticatedActor,
    query: z.output<typeof listPostsQuery>,
  ): Promise<SearchScope> {
    const uncategorized = query.is_uncategorized || query.collection_id === 0;
    if (query.is_archived) {
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

  async function collectionListing(
    actor: AuthenticatedActor,
    collectionId: number,
  ): Promise<PostListing> {
    await getAccessibleCollection(db, actor, collectionId, Permission.READ);
    return { kind: 'list', scope: { collectionId } };
  }

  return {
    /**
     * A page of posts: a collection's or Uncategorized by order, all live posts newest first,
     * or the recycle bin last deleted first; with `filter`, a page of search results (see
     * searchPosts). @throws 404 for a collection the actor cannot see; 400 for an `after_id`
     * that is not in the listing or the results; 403 for a share visitor's recycle bin.
     */
    async list(actor: AuthenticatedActor, query: z.output<typeof listPostsQuery>): Promise<Post[]> {
      const search = query.filter === undefined ? undefined : parseSearchQuery(query.filter);
      if (search && !isEmptyQuery(search)) {
        const scope = await resolveSearchScope(actor, query);
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
        const found = await withTags(db, rows, true);
        return found.map((post) => {
          const snippet = searchSnippet(
            { ...post, tagNames: (post.tags ?? []).map((tag) => tag.name) },
            [...search.include],
          );
          const { tags, ...rest } = post;
          return { ...rest, ...(query.withTags && { tags }), ...(snippet && { search: snippet }) };
        });
      }
      const listing = await resolveListing(actor, query);

      let after: PostRow | undefined;
      if (query.after_id !== undefined) {
        after = await findPost(db, query.after_id);
        if (!after || !isIn(after, listing)) {
          throw badRequest('after_id is not a post of this list.', {
            after_id: ['is not a post of this list'],
          });
        }
      }
      const rows = await listPosts(db, listing, {
        after,
        limit: query.limit ?? 0,
        withTags: query.withTags,
      });
      return rows.map((row) => toPost(row, row.tags));
    },

    /** A live post. @throws 404 when it does not exist, is in the recycle bin, or is not visible. */
    async get(
      actor: AuthenticatedActor,
      id: number,
      options: { withTags?: boolean },
    ): Promise<Post> {
      const post = await getPost(db, actor, id, Permission.READ);
      if (post.archived_at !== null) throw notFound('Post');
      const [view] = await withTags(db, [post], options.withTags);
      return view!;
    },

    /**
     * Creates a post on top of its list, content sanitized and typed, tags created on first use.
     * @throws 404 for a collection the actor cannot see.
     */
    async create(actor: UserActor, body: z.output<typeof createPostBody>): Promise<Post> {
      const created = await db.transaction().execute(async (trx) => {
        const placement = (await resolvePlacement(trx, actor, body)) ?? {
          collectionId: null,
          ownerId: actor.userId,
        };
        const now = clock().toISOString();
        const scope = scopeOf({
          collection_id: placement.collectionId,
          user_id: placement.ownerId,
        });
        const post = await insertPost(trx, {
          ...postContentFields(body.content, body.title),
          user_id: placement.ownerId,
          collection_id: placement.collectionId,
          description: body.description ?? null,
          color: null,
          image_path: null,
          order: (await maxLiveOrder(trx, scope)) + 1,
          archived_at: null,
          created_at: now,
          updated_at: now,
        });
        if (body.tag_names) await setTags(trx, post, body.tag_names, now);
        await refreshSearchDocuments(trx, [post.id]);
        const [view] = await withTags(trx, [post], true);
        return view!;
      });
      if (created.preview_status === 'pending') onPreviewDue();
      return created;
    },

    /**
     * Edits any subset of a post: content and title, description, tags (`tag_names` replaces
     * the set), transfer to another collection (on top there), `order` within its list,
     * `is_archived` to trash or restore. @throws 404
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof updatePostBody>,
    ): Promise<Post> {
      let linkChanged = false;
      const updated = await db.transaction().execute(async (trx) => {
        const needed = body.is_archived ? Permission.WRITE | Permission.DELETE : Permission.WRITE;
        let post = await getPost(trx, actor, id, needed);
        const now = clock().toISOString();
        const save = async (fields: Partial<PostRow>) => {
          await updatePost(trx, post.id, fields);
          post = { ...post, ...fields };
        };

        if (body.is_archived === true && post.archived_at === null) {
          await leaveList(trx, post);
          await save({ archived_at: now });
        } else if (body.is_archived === false && post.archived_at !== null) {
          await save({ order: await restoreOrder(trx, post), archived_at: null });
        }

        const placement = await resolvePlacement(trx, actor, body);
        const moves =
          placement !== undefined &&
          (placement.collectionId !== post.collection_id || placement.ownerId !== post.user_id);
        // Tags belong to users: a post that changes owner keeps its tag names, as the new owner's.
        let tagNames = body.tag_names;
        if (placement && moves) {
          if (placement.ownerId !== post.user_id && tagNames === undefined) {
            const current = await listTagsOfPosts(trx, [post.id]);
            tagNames = (current.get(post.id) ?? []).map((tag) => tag.name);
          }
          if (post.archived_at === null) await leaveList(trx, post);
          const target = scopeOf({
            collection_id: placement.collectionId,
            user_id: placement.ownerId,
          });
          await save({
            collection_id: placement.collectionId,
            user_id: placement.ownerId,
            order: (await maxLiveOrder(trx, target)) + 1,
          });
        } else if (body.order !== undefined && post.archived_at === null) {
          await save({ order: await reorder(trx, post, body.order) });
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
        if (tagNames) await setTags(trx, post, tagNames, now);
        await save({ updated_at: now });
        await refreshSearchDocuments(trx, [post.id]);

        const [view] = await withTags(trx, [post], true);
        return view!;
      });
      if (linkChanged && updated.preview_status === 'pending') onPreviewDue();
      return updated;
    },

    /** Sends a live post to the recycle bin, closing the gap in its list. @throws 404 */
    async trash(actor: UserActor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const post = await getPost(trx, actor, id, Permission.DELETE);
        if (post.archived_at !== null) throw notFound('Post');
        await leaveList(trx, post);
        const now = clock().toISOString();
        await updatePost(trx, post.id, { archived_at: now, updated_at: now });
      });
    },
  };
}

/** Whether `post` belongs to the listing (for validating a paging cursor). */
function isIn(post: PostRow, listing: PostListing): boolean {
  switch (listing.kind) {
    case 'recycle-bin':
      return post.user_id === listing.userId && post.archived_at !== null;
    case 'all-live':
      return post.user_id === listing.userId && post.archived_at === null;
    case 'list':
      return sameScope(scopeOf(post), listing.scope) && post.archived_at === null;
    case 'tagged':
      return post.archived_at === null;
  }
}
