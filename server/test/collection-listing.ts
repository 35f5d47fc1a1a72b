import { expect } from 'vitest';
import type {
  Collection,
  CollectionNode,
  collectionEndpoints,
} from '../../contract/collections.ts';
import type { EndpointResponse } from '../../contract/endpoint.ts';

/**
 * What `GET /api/collections` answers: its shape follows the query (`withShared`, `nested`), which
 * the contract types as a union. These narrow it for a test that asked for one shape, and fail the
 * test when the answer has another.
 */
type Listing = EndpointResponse<typeof collectionEndpoints.list>['data'];

/** The `withShared=true` answer: `{ collections, shared_collections, uncategorized_post_count }`. */
export function withShared(data: Listing): Exclude<Listing, unknown[]> {
  if (Array.isArray(data)) return expect.unreachable('expected the withShared shape, not a list');
  return data;
}

/** A bare list of collections (without `withShared`), nodes or flat rows. */
export function bareList(data: Listing): Collection[] | CollectionNode[] {
  if (!Array.isArray(data)) return expect.unreachable('expected a list, not the withShared shape');
  return data;
}

/** A `nested=true` list: each item a node with its children in `nested`. */
export function asNodes(list: Collection[] | CollectionNode[]): CollectionNode[] {
  for (const item of list) {
    if (!('nested' in item)) return expect.unreachable(`collection ${item.id} is not a node`);
  }
  return list as CollectionNode[];
}
