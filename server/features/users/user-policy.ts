import type { z } from 'zod';
import type { updateUserBody } from '../../../contract/users.ts';
import type { AppError } from '../../lib/errors.ts';
import { forbidden } from '../../lib/errors.ts';

/*
 * Who may do what to user accounts (PRODUCT.md#permissions): everyone may read the user list; the
 * owner (255) creates and deletes users and may rename anyone or change their email (confirmed
 * with the owner's own password); a password, a theme and
 * the page copy setting are only ever changed by their user.
 */

/**
 * Why `actorId` may not delete `targetId`, or null when they may. `ownerIds` are the owners as
 * the deleting transaction sees them (locked), so an actor deleted meanwhile is refused too.
 * Only an owner deletes, never themself: so the last owner is never deleted, the actor remains.
 */
export function userDeletionRefusal(
  actorId: number,
  targetId: number,
  ownerIds: readonly number[],
): AppError | null {
  if (!ownerIds.includes(actorId)) return forbidden('Only the owner can delete users.');
  if (targetId === actorId) return forbidden('You cannot delete your own account.');
  return null;
}

/** Why the actor may not make this change to user `targetId`, or null when they may. */
export function userUpdateRefusal(
  actor: { userId: number; isOwner: boolean },
  targetId: number,
  body: z.output<typeof updateUserBody>,
): AppError | null {
  if (actor.userId === targetId) return null;
  if (!actor.isOwner) return forbidden('You can only change your own account.');
  // `password_old` is the acting owner's own password here (confirming an email change).
  if (
    body.theme !== undefined ||
    body.auto_page_copies !== undefined ||
    body.password_new !== undefined
  ) {
    return forbidden('Only the user themself can change their password, theme or settings.');
  }
  return null;
}
