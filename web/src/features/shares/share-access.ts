import { createContext, useContext } from 'react';
import type { StaticAuth } from '../../../../contract/shares.ts';

/**
 * A visitor's public share: the token from the address and what it opens (PRODUCT.md#public-view).
 */
export interface ShareAccess {
  token: string;
  auth: StaticAuth;
}

/** Set by the public layout when a page is opened with a share token; null for signed-in pages. */
export const ShareAccessContext = createContext<ShareAccess | null>(null);

/** The public share this page is seen through, or null. */
export function useShareAccess(): ShareAccess | null {
  return useContext(ShareAccessContext);
}

/**
 * The page of a post; in the public view it carries the share token along (PRODUCT.md#public-view:
 * "a query parameter token is carried over when present").
 */
export function usePostPath(postId: number): string {
  const share = useShareAccess();
  return share ? `/p/${postId}?token=${encodeURIComponent(share.token)}` : `/p/${postId}`;
}
