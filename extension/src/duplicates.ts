import { postEndpoints } from '../../contract/posts.ts';
import { UNCATEGORIZED_NAME } from '../../web/src/features/collections/collection-tree.ts';
import type { ApiCall } from './api-client.ts';

/** A post of the user's with the same address as the page being saved. */
export interface Duplicate {
  id: number;
  /** Where it is: its collection's name, or Uncategorized. */
  collectionName: string;
}

/** The web app's page of post `id` on `serverUrl` (PRODUCT.md#routes). */
export function postPageUrl(serverUrl: string, id: number): string {
  return `${serverUrl}/p/${id}`;
}

/**
 * The user's live posts with the same address as `url` once both are normalised, newest first
 * (`GET /api/posts/check`, PRODUCT.md#duplicate-check).
 */
export async function findDuplicates(api: ApiCall, url: string): Promise<Duplicate[]> {
  const found = await api(postEndpoints.check, { query: { url } });
  return found.data.map((post) => ({
    id: post.id,
    collectionName: post.collection_name ?? UNCATEGORIZED_NAME,
  }));
}
