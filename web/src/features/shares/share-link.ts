import { isShareToken, type StaticAuth } from '../../../../contract/shares.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { ShareAccess } from './share-access.ts';

/**
 * What the `token` of a share link opens (PRODUCT.md#route-guard, #public-view): the share, or
 * null when it opens nothing: no token, one that cannot be a share token (never sent), or one the
 * server refuses (unknown, switched off, retired). `load` asks the server (GET
 * /api/shares/public/me); its other failures, such as no network, are thrown on.
 */
export async function openShareLink(
  token: string | null,
  load: (token: string) => Promise<StaticAuth>,
): Promise<ShareAccess | null> {
  if (!token || !isShareToken(token)) return null;
  try {
    return { token, auth: await load(token) };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
