import type { User } from '../../../../contract/auth.ts';
import { Permission } from '../../../../contract/permissions.ts';

/**
 * PRODUCT.md#permissions: only the owner (255) creates and deletes users and changes other users'
 * name and email. False while the signed-in user is not known.
 */
export function mayManageUsers(me: Pick<User, 'permission'> | undefined): boolean {
  return me?.permission === Permission.OWNER;
}

/** PRODUCT.md#users: what /users/create says to someone who may not create users. */
export const CREATE_USER_DENIED = 'Only the owner can create users.';

/**
 * Why `me` may not change `user`'s profile (PRODUCT.md#users: one's own account, and the owner
 * anyone's name and email), in one line; null when they may.
 */
export function profileReadOnlyReason(
  user: Pick<User, 'id' | 'name' | 'permission'>,
  me: Pick<User, 'id' | 'permission'>,
): string | null {
  if (user.id === me.id || mayManageUsers(me)) return null;
  if (user.permission === Permission.OWNER) return "Only the owner can change the owner's account.";
  return `Only ${user.name} and the owner can change this account.`;
}
