import type { ApiTokenScope } from '../../contract/api-tokens.ts';

/**
 * A user acting through a live session, or through a personal access token of theirs
 * (PRODUCT.md#access-tokens). `permission` is 255 for the instance owner, else 7.
 */
export interface UserActor {
  kind: 'user';
  userId: number;
  /** The session of the access token; null for a personal access token. */
  sessionId: string | null;
  /** The personal access token the request came with; absent for a session. */
  apiToken?: { id: number; scope: ApiTokenScope };
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
