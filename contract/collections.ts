import { z } from 'zod';
import { envelope, id, idParams, INTEGER_MAX, queryBoolean } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { isCollectionIconId } from './icons.ts';

/**
 * A collection as the API shows it (PRODUCT.md#collection). `local_order` is its 1-based place
 * among siblings; `is_being_shared` says it or a collection above it is shared with users.
 */
export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  icon_id: z.number().int().nullable(),
  user_id: z.number().int(),
  is_being_shared: z.boolean(),
  local_order: z.number().int(),
  /**
   * The caller's permission bits on it (PRODUCT.md#permissions): 7 on their own, the share's level
   * as a member.
   */
  permission: z.number().int(),
  /** Live posts directly in it (not in the recycle bin, not in its sub-collections). */
  post_count: z.number().int(),
  /**
   * Live posts in it and every collection below it; only when asked with
   * `withDescendantCounts=true`.
   */
  post_count_with_descendants: z.number().int().optional(),
});
export type Collection = z.infer<typeof collectionSchema>;

/**
 * Deepest a collection may lie: a top-level collection is at level 1, so at most this many
 * levels. Creating, moving, restoring and importing keep within it (422 otherwise).
 */
export const MAX_COLLECTION_DEPTH = 32;

/** A collection with its children, in sibling order (`nested` is `[]` for a leaf). */
export interface CollectionNode extends Collection {
  nested: CollectionNode[];
}
/**
 * A schema for a tree node: `fields` plus `nested`, its children as nodes of the same shape.
 * Checked node by node with an explicit stack rather than by a recursive schema: trees made
 * before MAX_COLLECTION_DEPTH existed can be a thousand levels deep, and a recursive check of
 * those exhausts the call stack (a 500 for everyone who sees the tree). Children are checked,
 * not rebuilt, so they must not carry extra fields.
 */
export function treeNodeSchema<Node>(fields: z.ZodObject): z.ZodType<Node> {
  const node = fields.extend({
    nested: z.array(z.unknown()).meta({ description: 'Its children, each a node like this one.' }),
  });
  type Checked = { nested: unknown[] };
  return node.superRefine((top, ctx) => {
    const pending = [...(top as Checked).nested];
    while (pending.length > 0) {
      const child = node.safeParse(pending.pop());
      if (!child.success) {
        ctx.addIssue({ code: 'custom', path: ['nested'], message: 'Not a node of this tree.' });
        return;
      }
      pending.push(...(child.data as Checked).nested);
    }
  }) as unknown as z.ZodType<Node>;
}

export const collectionNodeSchema = treeNodeSchema<CollectionNode>(collectionSchema);

const collectionName = z.string().trim().min(1, 'Name is required.').max(255);
const iconId = z.number().int().refine(isCollectionIconId, 'Choose an icon of the catalogue.');

export const listCollectionsQuery = z.object({
  nested: queryBoolean.optional(),
  withShared: queryBoolean.optional(),
  /** Adds `post_count_with_descendants` to every collection. */
  withDescendantCounts: queryBoolean.optional(),
});

export const listSharedCollectionsQuery = listCollectionsQuery.omit({ withShared: true });

export const getCollectionQuery = z.object({
  /** Adds `post_count_with_descendants`. */
  withDescendantCounts: queryBoolean.optional(),
});

/** The listing: nodes when `nested`, wrapped with the shared ones when `withShared`. */
const collectionList = z.union([z.array(collectionNodeSchema), z.array(collectionSchema)]);
export const collectionListing = z.union([
  collectionList,
  z.object({
    collections: collectionList,
    shared_collections: collectionList,
    /** Live posts in the caller's Uncategorized. */
    uncategorized_post_count: z.number().int(),
  }),
]);
export type CollectionListing = z.infer<typeof collectionListing>;

export const createCollectionBody = z.object({
  name: collectionName,
  parent_id: id.nullish(),
  icon_id: iconId.nullish(),
});

/**
 * Edit (`name`, `icon_id`) and move (`parent_id`, `is_root`, `local_order`) in one body (API.md).
 * `local_order` 0 or absent appends at the end of the new siblings; n places it n-th.
 */
export const updateCollectionBody = z.object({
  name: collectionName.optional(),
  icon_id: iconId.nullable().optional(),
  parent_id: id.nullable().optional(),
  is_root: z.boolean().optional(),
  local_order: z.number().int().min(0).max(INTEGER_MAX).optional(),
});

export const deleteCollectionQuery = z.object({ nested: queryBoolean.optional() });

export const collectionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/collections',
    summary:
      "The caller's collections, each with `post_count` (its live posts); `nested=true` as a tree, `withShared=true` as `{ collections, shared_collections, uncategorized_post_count }`, `withDescendantCounts=true` adds `post_count_with_descendants`.",
    auth: 'user',
    query: listCollectionsQuery,
    status: 200,
    response: envelope(collectionListing),
  }),
  listShared: defineEndpoint({
    method: 'GET',
    path: '/api/collections/shared',
    summary:
      'The collections shared with the caller (each share and everything below it), as `shared_collections` of `GET /api/collections?withShared=true`; `nested=true` as a tree.',
    auth: 'user',
    query: listSharedCollectionsQuery,
    status: 200,
    response: envelope(collectionList),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/collections/{id}',
    summary:
      'One collection with `post_count`; `withDescendantCounts=true` adds `post_count_with_descendants`. 404 when it does not exist or the caller may not see it.',
    auth: 'user',
    params: idParams,
    query: getCollectionQuery,
    status: 200,
    response: envelope(collectionSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/collections',
    summary: `Create a collection, last among its siblings; \`parent_id\` nests it. 422 below level ${MAX_COLLECTION_DEPTH}.`,
    auth: 'user',
    body: createCollectionBody,
    status: 201,
    response: envelope(collectionSchema),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/collections/{id}',
    summary: `Rename, change the icon or move a collection. 422 when moving it into itself or one of its descendants, or deeper than ${MAX_COLLECTION_DEPTH} levels.`,
    auth: 'user',
    params: idParams,
    body: updateCollectionBody,
    status: 200,
    response: envelope(collectionSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/collections/{id}',
    summary:
      "Delete a collection; its posts go to the recycle bin. `nested=true` deletes the sub-collections too (their posts to the recycle bin), otherwise they move up to the deleted collection's parent.",
    auth: 'user',
    params: idParams,
    query: deleteCollectionQuery,
    status: 204,
  }),
};
