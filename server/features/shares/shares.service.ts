import type { z } from 'zod';
import { Permission } from '../../../contract/permissions.ts';
import {
  SHARE_TOKEN_LENGTH,
  type createPrivateShareBody,
  type createPublicShareBody,
  type PrivateShare,
  type PublicShare,
  type StaticAuth,
  type updatePrivateShareBody,
  type updatePublicShareBody,
} from '../../../contract/shares.ts';
import type { Db } from '../../db/database.ts';
import type { AuthenticatedActor, ShareActor, UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random-token.ts';
import { TOKEN_MIN_BITS, tokenEntropyBits } from '../../lib/strength.ts';
import {
  assertMayRemoveMember,
  assertMayShare,
  getAccessibleCollection,
} from '../collections/collection-access.ts';
import { buildTree, mapTree, subtreeIds } from '../collections/collection-tree.ts';
import {
  countLivePostsIn,
  listAncestorIds,
  listCollectionsOwnedBy,
} from '../collections/collection-store.ts';
import { findUser } from '../users/user-accounts.ts';
import { toPrivateShare, toPublicShare } from './shares.presenter.ts';
import {
  deletePrivateShare,
  deletePublicShare,
  findActivePublicShare,
  findPrivateShare,
  findPrivateShareOf,
  findPublicShare,
  findPublicShareByToken,
  findPublicShareOfCollection,
  insertPrivateShare,
  insertPublicShare,
  listPrivateSharesOf,
  listPrivateSharesOn,
  listPublicSharesOwnedBy,
  updatePrivateSharePermission,
  updatePublicShare,
} from './shares.repository.ts';
import { listUsedShareTokens, recordUsedShareTokens } from './used-share-tokens.ts';

const WEAK_TOKEN = `This token is too easy to guess: it needs about ${TOKEN_MIN_BITS} bits of randomness, like the ${SHARE_TOKEN_LENGTH} random letters and digits Nestmark generates.`;
const USED_TOKEN = 'This token is or was in use. Generate another one.';

export type SharesService = ReturnType<typeof createSharesService>;

/**
 * Public token links and private shares with users (PRODUCT.md#collection-form, #entities,
 * #public-share-on-save, #permissions, API.md). Who may do what is decided in collection-access.ts.
 */
export function createSharesService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * A token a client chose: hard to guess (`tokenEntropyBits`, SECURITY.md), and never used by a
   * public share before, whether that share still exists or not, so an old link never opens
   * anything new. Generated tokens (32 random letters and digits) are not checked for strength.
   * @throws 400 on `token` when weak; 409 on `token` when used
   */
  async function assertTokenFree(trx: Db, token: string, chosen: boolean): Promise<void> {
    if (chosen && (await tokenEntropyBits(token)) < TOKEN_MIN_BITS) {
      throw badRequest(WEAK_TOKEN, { token: [WEAK_TOKEN] });
    }
    const used =
      (await findPublicShareByToken(trx, token)) !== undefined ||
      (await listUsedShareTokens(trx, [token])).size > 0;
    if (used) throw conflict(USED_TOKEN, { token: [USED_TOKEN] });
  }

  /** A collection the actor may share: visible to them and theirs. @throws 404, 403 */
  async function getShareableCollection(trx: Db, actor: UserActor, collectionId: number) {
    const collection = await getAccessibleCollection(trx, actor, collectionId, Permission.READ);
    assertMayShare(actor, collection);
    return collection;
  }

  /** The public share, if the actor owns its collection. @throws 404, 403 */
  async function getOwnPublicShare(actor: UserActor, id: number) {
    const share = await findPublicShare(db, id);
    if (!share) throw notFound('Share');
    await getShareableCollection(db, actor, share.collection_id);
    return share;
  }

  return {
    /** The actor of an active public share's token; null for an unknown or switched-off one. */
    async authenticate(token: string): Promise<ShareActor | null> {
      const share = await findActivePublicShare(db, token);
      if (!share) return null;
      return {
        kind: 'share',
        shareId: share.id,
        collectionId: share.collection_id,
        includeDescendants: share.include_descendants === 1,
        permission: share.permission,
      };
    },

    /**
     * What the presented share token opens (PRODUCT.md#public-view): the collection with, when the
     * share opens them, its sub-collections; null for a signed-in user.
     */
    async me(actor: AuthenticatedActor): Promise<StaticAuth | null> {
      if (actor.kind !== 'share') return null;
      const root = await getAccessibleCollection(db, actor, actor.collectionId, Permission.READ);
      const opened = actor.includeDescendants
        ? await listCollectionsOwnedBy(db, root.user_id)
        : [root];
      const inShare = new Set(subtreeIds(opened, root.id));
      const rows = opened.filter((row) => inShare.has(row.id));
      const counts = await countLivePostsIn(
        db,
        rows.map((row) => row.id),
      );
      const tree = buildTree(
        // The shared collection is the top of what the visitor sees.
        rows.map((row) => ({ ...row, parent_id: row.id === root.id ? null : row.parent_id })),
      );
      const [collection] = mapTree(tree, (row) => ({
        id: row.id,
        name: row.name,
        icon_id: row.icon_id,
        post_count: counts.get(row.id) ?? 0,
      }));
      return {
        collection_id: actor.collectionId,
        permission: actor.permission,
        include_descendants: actor.includeDescendants,
        collection: collection!,
      };
    },

    /** Public shares of the actor's collections, or of one of them. @throws 404, 403 */
    async listPublic(actor: UserActor, collectionId?: number): Promise<PublicShare[]> {
      if (collectionId !== undefined) await getShareableCollection(db, actor, collectionId);
      return (await listPublicSharesOwnedBy(db, actor.userId, collectionId)).map(toPublicShare);
    },

    /**
     * Shares a collection by token link; a token is generated when none is given.
     * @throws 404, 403 (not the owner), 409 (the collection has a link already, or the token is taken)
     */
    async createPublic(
      actor: UserActor,
      body: z.output<typeof createPublicShareBody>,
    ): Promise<PublicShare> {
      return db.transaction().execute(async (trx) => {
        const collection = await getShareableCollection(trx, actor, body.collection_id);
        if (await findPublicShareOfCollection(trx, collection.id)) {
          throw conflict('This collection already has a share link.');
        }
        const token = body.token ?? randomAlphanumeric(SHARE_TOKEN_LENGTH);
        await assertTokenFree(trx, token, body.token !== undefined);
        await recordUsedShareTokens(trx, [token], clock().toISOString());
        const id = await insertPublicShare(trx, {
          collectionId: collection.id,
          token,
          isActive: body.is_active,
          includeDescendants: body.include_descendants,
          createdBy: actor.userId,
          now: clock().toISOString(),
        });
        return toPublicShare((await findPublicShare(trx, id))!);
      });
    },

    /**
     * Changes the token (the old one is retired for good), the on/off switch or the reach of a
     * link. @throws 404, 403, 400 (weak token), 409 (token used before)
     */
    async updatePublic(
      actor: UserActor,
      id: number,
      body: z.output<typeof updatePublicShareBody>,
    ): Promise<PublicShare> {
      const share = await getOwnPublicShare(actor, id);
      const newToken = body.token !== undefined && body.token !== share.token ? body.token : null;
      return db.transaction().execute(async (trx) => {
        if (newToken !== null) {
          await assertTokenFree(trx, newToken, true);
          await recordUsedShareTokens(trx, [newToken], clock().toISOString());
        }
        await updatePublicShare(trx, share.id, {
          ...(newToken !== null && { token: newToken }),
          ...(body.is_active !== undefined && { is_active: body.is_active ? 1 : 0 }),
          ...(body.include_descendants !== undefined && {
            include_descendants: body.include_descendants ? 1 : 0,
          }),
        });
        return toPublicShare((await findPublicShare(trx, share.id))!);
      });
    },

    /** Revokes a link: its token stops working at once. @throws 404, 403 */
    async deletePublic(actor: UserActor, id: number): Promise<void> {
      await deletePublicShare(db, (await getOwnPublicShare(actor, id)).id);
    },

    /**
     * With a collection: its members, inherited ones included (their share sits on an ancestor).
     * Without: every share the actor made or received. @throws 404
     */
    async listPrivate(actor: UserActor, collectionId?: number): Promise<PrivateShare[]> {
      if (collectionId === undefined) {
        return (await listPrivateSharesOf(db, actor.userId)).map(toPrivateShare);
      }
      await getAccessibleCollection(db, actor, collectionId, Permission.READ);
      const chain = await listAncestorIds(db, collectionId);
      return (await listPrivateSharesOn(db, chain)).map(toPrivateShare);
    },

    /**
     * Shares a collection and everything below it with a user, to view (4) or edit (7).
     * @throws 404 (collection or user), 403 (not the owner), 409 (already shared with them),
     * 422 (with oneself)
     */
    async createPrivate(
      actor: UserActor,
      body: z.output<typeof createPrivateShareBody>,
    ): Promise<PrivateShare> {
      return db.transaction().execute(async (trx) => {
        const collection = await getShareableCollection(trx, actor, body.collection_id);
        if (body.user_id === actor.userId) {
          throw unprocessable('You cannot share a collection with yourself.', {
            user_id: ['is you'],
          });
        }
        if (!(await findUser(trx, body.user_id))) throw notFound('User');
        if (await findPrivateShareOf(trx, collection.id, body.user_id)) {
          throw conflict('This collection is already shared with this user.');
        }
        const id = await insertPrivateShare(trx, {
          collectionId: collection.id,
          userId: body.user_id,
          permission: body.permission,
          createdBy: actor.userId,
          now: clock().toISOString(),
        });
        return toPrivateShare((await findPrivateShare(trx, id))!);
      });
    },

    /** Changes a member's level. @throws 404, 403 */
    async updatePrivate(
      actor: UserActor,
      id: number,
      body: z.output<typeof updatePrivateShareBody>,
    ): Promise<PrivateShare> {
      const share = await findPrivateShare(db, id);
      if (!share) throw notFound('Share');
      await getShareableCollection(db, actor, share.collection_id);
      await updatePrivateSharePermission(db, share.id, body.permission);
      return toPrivateShare((await findPrivateShare(db, share.id))!);
    },

    /** Removes a member (the owner) or leaves (the member). @throws 404, 403 */
    async deletePrivate(actor: UserActor, id: number): Promise<void> {
      const share = await findPrivateShare(db, id);
      if (!share) throw notFound('Share');
      const collection = await getAccessibleCollection(
        db,
        actor,
        share.collection_id,
        Permission.READ,
      );
      assertMayRemoveMember(actor, collection, share.user_id);
      await deletePrivateShare(db, share.id);
    },
  };
}
