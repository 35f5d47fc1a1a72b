import { z } from 'zod';
import { envelope, idParams, queryBoolean, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { tagName, tagSchema } from './tags.ts';

export const postTypes = ['link', 'text'] as const;

/** Link schemes a post may hold (SPEC §5); the sanitizer and the editor both keep to them. */
export const LINK_SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
];
export type PostType = (typeof postTypes)[number];

/**
 * A post (SPEC §3 Post). `collection_id` null = Uncategorized. `order` is its place in its
 * collection, higher first. `tags` is present when asked for with `withTags=true`.
 */
export const postSchema = z.object({
  id: z.number().int(),
  type: z.enum(postTypes),
  title: z.string().nullable(),
  content: z.string(),
  url: z.string().nullable(),
  base_url: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  image_path: z.string().nullable(),
  collection_id: z.number().int().nullable(),
  user_id: z.number().int(),
  order: z.number().int(),
  is_archived: z.boolean(),
  /** Link preview: 'pending' while the page is fetched in the background; null for text posts. */
  preview_status: z.enum(['pending', 'done', 'failed']).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  tags: z.array(tagSchema).optional(),
  /** With `filter`: where the search matched, with [start, end) ranges to highlight. */
  search: z
    .object({
      field: z.enum(['title', 'text', 'url', 'description', 'tags']),
      snippet: z.string(),
      ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
    })
    .optional(),
});
export type Post = z.infer<typeof postSchema>;

/** Most characters of HTML a post may hold. */
export const POST_CONTENT_MAX = 1_000_000;
export const POST_TITLE_MAX = 255;

/** `is_uncategorized` arrives as a boolean or 0/1 (SPEC §3). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => !!value);
/** `collection_id` null, 0 = Uncategorized (SPEC §3). */
const collectionRef = z.number().int().min(0).nullable();

export const listPostsQuery = z.object({
  collection_id: z.coerce.number().int().min(0).optional(),
  is_uncategorized: queryBoolean.optional(),
  is_archived: queryBoolean.optional(),
  withTags: queryBoolean.optional(),
  /** Page size; 0 or absent = all. */
  limit: z.coerce.number().int().min(0).optional(),
  /** Cursor: posts after this one in the list's order (with `filter`: in the results' order). */
  after_id: z.coerce.number().int().positive().optional(),
  /**
   * Search (SPEC §2 Search): case-insensitive substrings of title, text, URL, description and
   * tags, all required; `"exact phrase"`, `-word` to exclude, `tag:name`, `type:link|text`.
   * Paged by `limit` and `after_id`; with `is_archived`, searches the caller's recycle bin.
   */
  filter: z.string().max(500).optional(),
  /** With `collection_id`: also the posts of every collection below it. */
  withDescendants: queryBoolean.optional(),
  /** Only posts with this tag of the caller's. */
  tag_id: z.coerce.number().int().positive().optional(),
});

export const createPostBody = z.object({
  title: z.string().trim().max(POST_TITLE_MAX).nullish(),
  content: z.string().trim().min(1, 'Content is required.').max(POST_CONTENT_MAX),
  description: z.string().max(10_000).nullish(),
  collection_id: collectionRef.optional(),
  is_uncategorized: flag.optional(),
  tag_names: z.array(tagName).max(100).optional(),
});

/**
 * Any subset of the fields; `collection_id`/`is_uncategorized` transfer the post, `order` moves it
 * within its collection, `is_archived` sends it to or brings it back from the recycle bin.
 */
export const updatePostBody = z.object({
  title: z.string().trim().max(POST_TITLE_MAX).nullish(),
  content: z.string().trim().min(1, 'Content is required.').max(POST_CONTENT_MAX).optional(),
  description: z.string().max(10_000).nullish(),
  collection_id: collectionRef.optional(),
  is_uncategorized: flag.optional(),
  tag_names: z.array(tagName).max(100).optional(),
  order: z.number().int().min(1).optional(),
  is_archived: z.boolean().optional(),
});

export const getPostQuery = z.object({ withTags: queryBoolean.optional() });

export const postEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/posts',
    summary:
      "Posts of a collection (`collection_id`, 0 or `is_uncategorized=true` = Uncategorized) by order, highest first; without either, all the caller's posts, newest first; `is_archived=true` lists the recycle bin, last deleted first. Paged by `after_id` and `limit`. `filter` searches (title matches first), paged the same way, in the recycle bin with `is_archived=true`. With a public share token: the shared collection's posts (or a sub-collection's, when the share opens them), read only.",
    auth: 'user-or-share',
    query: listPostsQuery,
    status: 200,
    response: envelope(z.array(postSchema)),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/posts/{id}',
    summary:
      'One live post. 404 when it does not exist, is in the recycle bin or is not visible (also to a share token outside its collection).',
    auth: 'user-or-share',
    params: idParams,
    query: getPostQuery,
    status: 200,
    response: envelope(postSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/posts',
    summary:
      'Create a post on top of its collection. Content that is one URL makes a link post; tags in `tag_names` are created on first use.',
    auth: 'user',
    body: createPostBody,
    status: 201,
    response: envelope(postSchema),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/posts/{id}',
    summary: 'Edit, transfer, reorder, trash or restore a post.',
    auth: 'user',
    params: idParams,
    body: updatePostBody,
    status: 200,
    response: envelope(postSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/posts/{id}',
    summary: 'Move a post to the recycle bin.',
    auth: 'user',
    params: idParams,
    status: 204,
  }),
  clearRecycleBin: defineEndpoint({
    method: 'DELETE',
    path: '/api/posts',
    summary:
      "With `is_trashed=1`: delete every post in the caller's recycle bin for good, with their files (SPEC §7).",
    auth: 'user',
    query: z.object({
      is_trashed: queryBoolean.refine(
        (value) => value,
        'Only is_trashed=1 clears the recycle bin.',
      ),
    }),
    status: 204,
  }),
};
