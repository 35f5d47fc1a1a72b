import type { z } from 'zod';
import {
  MAX_COLLECTION_DEPTH,
  type Collection,
  type CollectionListing,
  type CollectionNode,
  type createCollectionBody,
  type updateCollectionBody,
} from '../../../contract/collections.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import { movePostsOfCollectionsToRecycleBin } from '../posts/post-recycle-bin.ts';
import { listPrivatelySharedIds } from '../shares/share-membership.ts';
import {
  assertMayDelete,
  assertMayMove,
  collectionPermission,
  getAccessibleCollection,
  listCollectionsSharedWith,
} from './collection-access.ts';
import {
  buildTree,
  markedWithDescendants,
  placeAmongSiblings,
  subtreeHeight,
  subtreeIds,
  subtreeSums,
} from './collection-tree.ts';
import {
  countLivePostsIn,
  insertCollection,
  listAncestorIds,
  listCollectionsOwnedBy,
  listSiblingIds,
} from './collection-store.ts';
import {
  countLivePostsOwnedBy,
  deleteCollections,
  findCollection,
  setSiblingOrder,
  updateCollectionFields,
} from './collections.repository.ts';
import { toCollection, type CollectionView } from './collections.presenter.ts';

export type CollectionsService = ReturnType<typeof createCollectionsService>;

type Listing = Collection[] | CollectionNode[];

interface ListOptions {
  nested?: boolean;
  withDescendantCounts?: boolean;
}

/**
 * The post counts of `rows` from `counts` (collection id → live posts): the collection's own and,
 * when `withDescendants`, those of it and every row below it.
 */
function postCounts(
  rows: readonly CollectionRow[],
  counts: ReadonlyMap<number | null, number>,
  withDescendants: boolean | undefined,
): (id: number) => Pick<CollectionView, 'postCount' | 'postCountWithDescendants'> {
  const own = (id: number) => counts.get(id) ?? 0;
  const totals = withDescendants ? subtreeSums(rows, own) : undefined;
  return (id) => ({ postCount: own(id), postCountWithDescendants: totals?.get(id) });
}

/**
 * Refuses to put `height` levels of collections below `parentId` when that would reach deeper
 * than MAX_COLLECTION_DEPTH. @throws 422
 */
async function assertDepthAllowed(trx: Db, parentId: number, height: number): Promise<void> {
  const parentDepth = (await listAncestorIds(trx, parentId)).length;
  if (parentDepth + height > MAX_COLLECTION_DEPTH) {
    throw unprocessable(`Collections can be nested at most ${MAX_COLLECTION_DEPTH} levels deep.`, {
      parent_id: [`would put a collection deeper than ${MAX_COLLECTION_DEPTH} levels`],
    });
  }
}

/**
 * Nested collections: listing, creation, edit, move and delete (PRODUCT.md#collection-form,
 * #collection-moves, API.md).
 */
export function createCollectionsService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * One collection as the actor sees it: shared flag from it and its ancestors, permission, its
   * live posts (and, `withDescendantCounts`, those of everything below it too).
   */
  async function present(
    trx: Db,
    actor: UserActor,
    row: CollectionRow,
    withDescendantCounts?: boolean,
  ): Promise<Collection> {
    const chain = await listAncestorIds(trx, row.id);
    const subtree = withDescendantCounts
      ? subtreeIds(await listCollectionsOwnedBy(trx, row.user_id), row.id)
      : [row.id];
    const counts = await countLivePostsIn(trx, subtree);
    return toCollection(row, {
      isBeingShared: (await listPrivatelySharedIds(trx, chain)).size > 0,
      permission: await collectionPermission(trx, actor, row),
      postCount: counts.get(row.id) ?? 0,
      ...(withDescendantCounts && {
        postCountWithDescendants: [...counts.values()].reduce((sum, count) => sum + count, 0),
      }),
    });
  }

  /** The collections shared with the actor, flat or nested, with their post counts. */
  async function listShared(actor: UserActor, options: ListOptions): Promise<Listing> {
    const shared = await listCollectionsSharedWith(db, actor.userId);
    const rows = shared.map(({ collection }) => collection);
    const counts = postCounts(
      rows,
      await countLivePostsIn(
        db,
        rows.map((row) => row.id),
      ),
      options.withDescendantCounts,
    );
    const collections = shared.map(({ collection, permission }) =>
      toCollection(collection, { isBeingShared: true, permission, ...counts(collection.id) }),
    );
    return options.nested ? buildTree(collections) : collections;
  }

  return {
    /**
     * The actor's collections with their live post counts, flat or nested, optionally wrapped
     * with the collections shared with them and the count of their Uncategorized posts
     * (`{ collections, shared_collections, uncategorized_post_count }`; a shared collection's
     * own parent is not shown, so it is a top-level node there).
     */
    async list(
      actor: UserActor,
      options: ListOptions & { withShared?: boolean },
    ): Promise<CollectionListing> {
      const ownRows = await listCollectionsOwnedBy(db, actor.userId);
      const ownCounts = await countLivePostsOwnedBy(db, actor.userId);
      const counts = postCounts(ownRows, ownCounts, options.withDescendantCounts);
      const shared = markedWithDescendants(
        ownRows,
        await listPrivatelySharedIds(
          db,
          ownRows.map((row) => row.id),
        ),
      );
      const own = ownRows.map((row) =>
        toCollection(row, {
          isBeingShared: shared.has(row.id),
          permission: Permission.FULL,
          ...counts(row.id),
        }),
      );
      const collections = options.nested ? buildTree(own) : own;
      if (!options.withShared) return collections;
      return {
        collections,
        shared_collections: await listShared(actor, options),
        uncategorized_post_count: ownCounts.get(null) ?? 0,
      };
    },

    /**
     * The collections shared with the actor (each share's collection and everything below it),
     * as `shared_collections` of `list`.
     */
    listShared,

    /** @throws 404 */
    async get(
      actor: UserActor,
      id: number,
      options: { withDescendantCounts?: boolean } = {},
    ): Promise<Collection> {
      return present(
        db,
        actor,
        await getAccessibleCollection(db, actor, id, Permission.READ),
        options.withDescendantCounts,
      );
    },

    /**
     * Creates the collection last among its siblings; inside a shared tree it belongs to the
     * tree's owner. @throws 404 for a parent the actor cannot see, 403 without write access.
     */
    async create(
      actor: UserActor,
      body: z.output<typeof createCollectionBody>,
    ): Promise<Collection> {
      return db.transaction().execute(async (trx) => {
        const parent = body.parent_id
          ? await getAccessibleCollection(trx, actor, body.parent_id, Permission.WRITE)
          : null;
        if (parent) await assertDepthAllowed(trx, parent.id, 1);
        const ownerId = parent?.user_id ?? actor.userId;
        const siblings = await listSiblingIds(trx, parent?.id ?? null, ownerId);
        const created = await insertCollection(trx, {
          userId: ownerId,
          parentId: parent?.id ?? null,
          name: body.name,
          iconId: body.icon_id ?? null,
          localOrder: siblings.length + 1,
          now: clock().toISOString(),
        });
        return present(trx, actor, created);
      });
    },

    /**
     * Renames, changes the icon, and/or moves: `is_root` or `parent_id: null` to the top level
     * (the owner only), `parent_id` under another collection of the same owner, `local_order` to
     * a place among the siblings. @throws 404 for an unknown collection or parent; 403 for a move
     * out of its owner's tree; 422 for a move into itself or below.
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof updateCollectionBody>,
    ): Promise<Collection> {
      return db.transaction().execute(async (trx) => {
        const collection = await getAccessibleCollection(trx, actor, id, Permission.WRITE);
        const now = clock().toISOString();

        let parentId = collection.parent_id;
        if (body.is_root || body.parent_id === null) parentId = null;
        else if (body.parent_id !== undefined) parentId = body.parent_id;

        if (parentId !== collection.parent_id || body.local_order !== undefined) {
          const parent =
            parentId === null
              ? null
              : await getAccessibleCollection(trx, actor, parentId, Permission.WRITE);
          if (parentId !== collection.parent_id) assertMayMove(actor, collection, parent);
          if (parent) {
            const tree = await listCollectionsOwnedBy(trx, collection.user_id);
            if (subtreeIds(tree, collection.id).includes(parent.id)) {
              throw unprocessable(
                'A collection cannot move into itself or one of its sub-collections.',
                { parent_id: ['is this collection or one of its sub-collections'] },
              );
            }
            if (parentId !== collection.parent_id) {
              await assertDepthAllowed(trx, parent.id, subtreeHeight(tree, collection.id));
            }
          }
          const oldSiblings = await listSiblingIds(trx, collection.parent_id, collection.user_id);
          const newSiblings = await listSiblingIds(trx, parentId, collection.user_id);
          await setSiblingOrder(
            trx,
            parentId,
            placeAmongSiblings(newSiblings, collection.id, body.local_order),
          );
          if (parentId !== collection.parent_id) {
            await setSiblingOrder(
              trx,
              collection.parent_id,
              oldSiblings.filter((sibling) => sibling !== collection.id),
            );
          }
        }

        await updateCollectionFields(trx, collection.id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.icon_id !== undefined && { icon_id: body.icon_id }),
          updated_at: now,
        });
        return present(trx, actor, (await findCollection(trx, collection.id))!);
      });
    },

    /**
     * Deletes a collection and sends its posts to the recycle bin. With `nested`, the
     * sub-collections go too (their posts to the recycle bin); without, they take the deleted
     * collection's place under its parent. @throws 404; 403 when a member would delete a
     * collection that carries a share.
     */
    async delete(actor: UserActor, id: number, nested: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const collection = await getAccessibleCollection(trx, actor, id, Permission.DELETE);
        const tree = await listCollectionsOwnedBy(trx, collection.user_id);
        const doomed = nested ? subtreeIds(tree, collection.id) : [collection.id];
        await assertMayDelete(trx, actor, collection, doomed);
        await movePostsOfCollectionsToRecycleBin(trx, doomed, clock().toISOString());

        const siblings = await listSiblingIds(trx, collection.parent_id, collection.user_id);
        const children = nested ? [] : await listSiblingIds(trx, collection.id, collection.user_id);
        await setSiblingOrder(
          trx,
          collection.parent_id,
          siblings.flatMap((sibling) => (sibling === collection.id ? children : [sibling])),
        );
        await deleteCollections(trx, doomed);
      });
    },
  };
}
