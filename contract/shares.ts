import { z } from 'zod';
import { envelope, id, idParams } from './common.ts';
import { treeNodeSchema } from './collections.ts';
import { defineEndpoint } from './endpoint.ts';
import { Permission } from './permissions.ts';

/**
 * Shortest accepted public share token; generated tokens are this long, from 62 characters
 * (PRODUCT.md#share-tokens).
 */
export const SHARE_TOKEN_LENGTH = 32;

/** Letters and digits only, so a token is safe in a URL and never mistaken for an access token. */
const shareToken = z
  .string()
  .regex(/^[A-Za-z0-9]+$/, 'A share token holds only letters and digits.')
  .min(SHARE_TOKEN_LENGTH, `A share token has at least ${SHARE_TOKEN_LENGTH} characters.`)
  .max(128);

/** True when `value` has the shape of a public share token (PRODUCT.md#share-tokens). */
export function isShareToken(value: string): boolean {
  return shareToken.safeParse(value).success;
}

/** A token link to one collection (PRODUCT.md#public-share). */
export const publicShareSchema = z.object({
  id: z.number().int(),
  collection_id: z.number().int(),
  token: z.string(),
  is_active: z.boolean(),
  /** The token also opens the collection's sub-collections. */
  include_descendants: z.boolean(),
  /** Always 4 (read). */
  permission: z.number().int(),
  created_by: z.number().int(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

/**
 * A collection as a share visitor sees it: its name, icon and live posts (`post_count`, not those
 * below it), and what it opens below it.
 */
export interface SharedCollectionNode {
  id: number;
  name: string;
  icon_id: number | null;
  post_count: number;
  nested: SharedCollectionNode[];
}
const sharedCollectionNode = treeNodeSchema<SharedCollectionNode>(
  z.object({
    id: z.number().int(),
    name: z.string(),
    icon_id: z.number().int().nullable(),
    post_count: z.number().int(),
  }),
);

/**
 * What a share token grants (PRODUCT.md#route-guard: the "static auth"): the collection and the
 * permission, plus the shared collection itself (its sub-collections in `nested` when the share
 * opens them), so the public view can name and browse them.
 */
export const staticAuthSchema = z.object({
  collection_id: z.number().int(),
  permission: z.number().int(),
  include_descendants: z.boolean(),
  collection: sharedCollectionNode,
});
export type StaticAuth = z.infer<typeof staticAuthSchema>;

/** Levels a member may be given: view (4) or edit (7). */
export const memberPermissions = [Permission.READ, Permission.FULL] as const;
const memberPermission = z.union([z.literal(Permission.READ), z.literal(Permission.FULL)]);

/**
 * A collection shared with one user (PRODUCT.md#private-share). `root_collection_id` is the
 * collection that carries the share: when it differs from the collection asked about, the member
 * is inherited from that ancestor.
 */
export const privateShareSchema = z.object({
  id: z.number().int(),
  collection_id: z.number().int(),
  root_collection_id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  permission: z.number().int(),
  created_by: z.number().int(),
});
export type PrivateShare = z.infer<typeof privateShareSchema>;

export const createPublicShareBody = z.object({
  collection_id: id,
  token: shareToken.optional(),
  is_active: z.boolean().default(true),
  include_descendants: z.boolean().default(false),
});

export const updatePublicShareBody = z.object({
  token: shareToken.optional(),
  is_active: z.boolean().optional(),
  include_descendants: z.boolean().optional(),
});

export const createPrivateShareBody = z.object({
  collection_id: id,
  user_id: id,
  permission: memberPermission.default(Permission.FULL),
});

export const updatePrivateShareBody = z.object({ permission: memberPermission });

const collectionFilter = z.object({
  collection_id: id.optional(),
});

export const shareEndpoints = {
  listPublic: defineEndpoint({
    method: 'GET',
    path: '/api/shares/public',
    summary: "Public shares of the caller's collections; `collection_id` narrows to one.",
    auth: 'user',
    query: collectionFilter,
    status: 200,
    response: envelope(z.array(publicShareSchema)),
  }),
  createPublic: defineEndpoint({
    method: 'POST',
    path: '/api/shares/public',
    summary:
      'Share a collection by token link (its owner only). Without `token` one is generated (32 random letters and digits). A chosen `token` needs about 128 bits of estimated entropy (400 on `token` otherwise) and must never have been used by a public share, even one since revoked or replaced (409 on `token`). 409 also when the collection already has a link.',
    auth: 'user',
    body: createPublicShareBody,
    status: 201,
    response: envelope(publicShareSchema),
  }),
  updatePublic: defineEndpoint({
    method: 'PATCH',
    path: '/api/shares/public/{id}',
    summary:
      'Change the token (the old one is retired for good; the new one follows the rules of create: 400 weak, 409 used before), switch the link on or off, or open the sub-collections too.',
    auth: 'user',
    params: idParams,
    body: updatePublicShareBody,
    status: 200,
    response: envelope(publicShareSchema),
  }),
  deletePublic: defineEndpoint({
    method: 'DELETE',
    path: '/api/shares/public/{id}',
    summary: 'Revoke a token link; the token stops working at once.',
    auth: 'user',
    params: idParams,
    status: 204,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/shares/public/me',
    summary:
      'With a share token as Bearer: what it opens (the static auth). With a user token: null.',
    auth: 'user-or-share',
    status: 200,
    response: envelope(staticAuthSchema.nullable()),
  }),
  listPrivate: defineEndpoint({
    method: 'GET',
    path: '/api/shares/private',
    summary:
      "With `collection_id`: the members of that collection, inherited ones included (theirs carry an ancestor's `root_collection_id`). Without: every share the caller made or received.",
    auth: 'user',
    query: collectionFilter,
    status: 200,
    response: envelope(z.array(privateShareSchema)),
  }),
  createPrivate: defineEndpoint({
    method: 'POST',
    path: '/api/shares/private',
    summary:
      "Share a collection and its sub-collections with a user (the collection's owner only), to view (4) or edit (7, default).",
    auth: 'user',
    body: createPrivateShareBody,
    status: 201,
    response: envelope(privateShareSchema),
  }),
  updatePrivate: defineEndpoint({
    method: 'PATCH',
    path: '/api/shares/private/{id}',
    summary: "Change a member's level: view (4) or edit (7).",
    auth: 'user',
    params: idParams,
    body: updatePrivateShareBody,
    status: 200,
    response: envelope(privateShareSchema),
  }),
  deletePrivate: defineEndpoint({
    method: 'DELETE',
    path: '/api/shares/private/{id}',
    summary: 'Remove a member (the owner), or leave a shared collection (the member).',
    auth: 'user',
    params: idParams,
    status: 204,
  }),
};
