/** A signed-in user acting through a live session. `permission` is 255 for the instance owner, else 7. */
export interface UserActor {
  kind: 'user';
  userId: number;
  sessionId: string;
  permission: number;
}

/**
 * A visitor holding the token of an active public share (PRODUCT.md#public-view): may read the
 * shared collection (and, when the owner allowed it, its descendants), nothing else.
 */
export interface ShareActor {
  kind: 'share';
  shareId: number;
  collectionId: number;
  includeDescendants: boolean;
  /** Always read (4) for public shares. */
  permission: number;
}

export interface AnonymousActor {
  kind: 'anonymous';
}

/** Anyone a request may come from once authentication succeeded. */
export type AuthenticatedActor = UserActor | ShareActor;

/** Who is making a request; set on every request by the authentication hook. */
export type Actor = AuthenticatedActor | AnonymousActor;
