/**
 * Permission numbers (PRODUCT.md#permissions), read as bits: 4 read, 2 write (create, update,
 * transfer posts; edit the collection), 1 delete. The server decides every access with these; the
 * client only uses them to hide controls.
 */
export const Permission = {
  NONE: 0,
  READ: 4,
  WRITE: 2,
  DELETE: 1,
  /** Own collections, own Uncategorized bucket, own posts. */
  FULL: 7,
  /** The instance owner: user administration only, no access to other users' posts. */
  OWNER: 255,
} as const;

/**
 * Top-bar action and option buttons show at this permission or above (PRODUCT.md#permissions).
 */
export const TOP_BAR_MIN_PERMISSION = 6;

/** The post context menu shows above this permission (PRODUCT.md#permissions). */
export const POST_MENU_ABOVE_PERMISSION = 4;

/** True when `permission` holds every bit of `needed`. */
export function allows(permission: number, needed: number): boolean {
  return (permission & needed) === needed;
}
