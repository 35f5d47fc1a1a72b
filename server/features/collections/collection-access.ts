import { allows, Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import type { AuthenticatedActor, UserActor } from '../../http/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
  listPrivatelySharedIds,
  listSharesReceivedBy,
  memberPermission,
} from '../shares/share-membership.ts';
import { subtreeIds } from './collection-tree.ts';
import { findCollection } from './collections.repository.ts';
import { listAncestorIds, listCollectionsOwnedBy } from './collection-store.ts';

/*
 * The one place that answers "may this actor do this with this collection or post?"
 * (ARCHITECTURE.md#access-decisions). Every feature asks here; none compares owner ids itself.
 * Unknown and invisible things are both 404, so nobody learns what exists; visible but not allowed
 * is 403.
 *
 * Permission bits: 4 read, 2 write, 1 delete.
 * - A user has 7 on their own collections, their Uncategorized posts and their posts.
 * - A member of a private share has the share's level (4 or 7) on its collection and every
 *   collection below it; membership is inherited down the tree.
 * - A public share token gives 4 on its collection (and below, when the owner allowed it).
 * - The instance owner (255) gets nothing from that: it is for user administration only.
 */

/** The actor's permission bits on a collection. */
export async function collectionPermission(
  db: Db,
  actor: AuthenticatedActor,
  collection: CollectionRow,
): Promise<number> {
  if (actor.kind === 'user') {
    if (collection.user_id === actor.userId) return Permission.FULL;
    return memberPermission(db, actor.userId, await listAncestorIds(db, collection.id));
  }
  if (collection.id === actor.collectionId) return actor.permission;
  if (!actor.includeDescendants) return Permission.NONE;
  const chain = await listAncestorIds(db, collection.id);
  return chain.includes(actor.collectionId) ? actor.permission : Permission.NONE;
}

/** 404 when `permission` does not even allow reading; 403 when it lacks a bit of `needed`. */
function assertAllowed(permission: number, needed: number, what: string): void {
  if (!allows(permission, Permission.READ)) throw notFound(what);
  if (!allows(permission, needed)) throw forbidden();
}

/**
 * The collection, if the actor holds every bit of `needed` on it.
 * @throws 404 when it does not exist or the actor may not see it; 403 when they may see it but
 * lack a bit of `needed`.
 */
export async function getAccessibleCollection(
  db: Db,
  actor: AuthenticatedActor,
  collectionId: number,
  needed: number,
): Promise<CollectionRow> {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound('Collection');
  assertAllowed(await collectionPermission(db, actor, collection), needed, 'Collection');
  return collection;
}

/** Whether the actor owns the collection (the only one who may share it or move it to the top). */
function ownsCollection(actor: AuthenticatedActor, collection: CollectionRow): boolean {
  return actor.kind === 'user' && collection.user_id === actor.userId;
}

/**
 * Sharing a collection, publicly or with users, is for its owner only (PRODUCT.md#permissions).
 * @throws 403 for anyone else who can see it.
 */
export function assertMayShare(actor: UserActor, collection: CollectionRow): void {
  if (!ownsCollection(actor, collection)) {
    throw forbidden('Only the owner of a collection can share it.');
  }
}

/**
 * Only a collection's owner manages its members; a member may remove only themself (leave).
 * @throws 403
 */
export function assertMayRemoveMember(
  actor: UserActor,
  collection: CollectionRow,
  memberId: number,
): void {
  if (!ownsCollection(actor, collection) && actor.userId !== memberId) {
    throw forbidden('Only the owner of a collection can remove its members.');
  }
}

/**
 * Only a collection's owner gives it a new parent, and only under another collection of theirs
 * (or the top level). A member with edit rights on two of the owner's trees could otherwise move
 * a collection from one to the other, exposing it to the other tree's public link and members
 * and cutting off its own members; and no collection leaves its owner's account through a share.
 * Reordering among the same siblings is not a move. @throws 403
 */
export function assertMayMove(
  actor: UserActor,
  collection: CollectionRow,
  newParent: CollectionRow | null,
): void {
  if (
    !ownsCollection(actor, collection) ||
    (newParent !== null && !ownsCollection(actor, newParent))
  ) {
    throw forbidden(
      'Only the owner of a collection can move it, and only among their own collections.',
    );
  }
}

/**
 * Members may delete inside a shared tree, but a collection that carries a share is deleted only
 * by its owner, for everyone. `doomedIds` are the collections the deletion removes. @throws 403
 */
export async function assertMayDelete(
  db: Db,
  actor: UserActor,
  collection: CollectionRow,
  doomedIds: readonly number[],
): Promise<void> {
  if (ownsCollection(actor, collection)) return;
  if ((await listPrivatelySharedIds(db, doomedIds)).size > 0) {
    throw forbidden('Only the owner can delete a shared collection.');
  }
}

/** The fields of a post that decide who may touch it. */
export interface PostOwnership {
  user_id: number;
  collection_id: number | null;
}

/**
 * The actor's permission bits on a post: those on its collection; on Uncategorized posts 7 for
 * their author and 0 for everyone else.
 */
async function postPermission(
  db: Db,
  actor: AuthenticatedActor,
  post: PostOwnership,
): Promise<number> {
  if (post.collection_id === null) {
    return actor.kind === 'user' && post.user_id === actor.userId
      ? Permission.FULL
      : Permission.NONE;
  }
  const collection = await findCollection(db, post.collection_id);
  return collection ? collectionPermission(db, actor, collection) : Permission.NONE;
}

/**
 * Asserts the actor holds `needed` on the post.
 * @throws 404 when the actor may not see it; 403 when they may see it but lack a bit of `needed`.
 */
export async function assertPostAccess(
  db: Db,
  actor: AuthenticatedActor,
  post: PostOwnership,
  needed: number,
): Promise<void> {
  assertAllowed(await postPermission(db, actor, post), needed, 'Post');
}

/**
 * Every collection shared with a user: each share's collection and all below it (members inherit
 * down the tree), with the highest level any of their shares gives there. Their own collections
 * are not included.
 */
export async function listCollectionsSharedWith(
  db: Db,
  userId: number,
): Promise<{ collection: CollectionRow; permission: number }[]> {
  const shared = new Map<number, { collection: CollectionRow; permission: number }>();
  const trees = new Map<number, CollectionRow[]>();
  for (const share of await listSharesReceivedBy(db, userId)) {
    const root = await findCollection(db, share.collection_id);
    if (!root || root.user_id === userId) continue;
    const tree = trees.get(root.user_id) ?? (await listCollectionsOwnedBy(db, root.user_id));
    trees.set(root.user_id, tree);
    const inShare = new Set(subtreeIds(tree, root.id));
    for (const collection of tree.filter((row) => inShare.has(row.id))) {
      const permission = Math.max(share.permission, shared.get(collection.id)?.permission ?? 0);
      shared.set(collection.id, { collection, permission });
    }
  }
  return [...shared.values()];
}

/** Tags are their owner's alone: nobody else may know one exists. @throws 404 */
export function assertTagAccess(actor: UserActor, tag: { user_id: number } | undefined): void {
  if (!tag || tag.user_id !== actor.userId) throw notFound('Tag');
}
