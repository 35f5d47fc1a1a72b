import { z } from 'zod';
import {
  envelope,
  id,
  idOrZero,
  idParams,
  INTEGER_MAX,
  queryBoolean,
  timestamp,
} from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { tagName, tagSchema } from './tags.ts';

export const postTypes = ['link', 'text'] as const;

/**
 * Link schemes a post may hold (PRODUCT.md#link-schemes); the sanitizer and the editor both keep to
 * them.
 */
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
 * A post (PRODUCT.md#post). `collection_id` null = Uncategorized. `order` is its place in its
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
  /**
   * Whether the caller starred the post (PRODUCT.md#favourites): their own mark, set with
   * `PATCH /api/posts/{id}`; always false for a share link's visitor.
   */
  is_favorite: z.boolean(),
  /** Link preview: 'pending' while the page is fetched in the background; null for text posts. */
  preview_status: z.enum(['pending', 'done', 'failed']).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  tags: z.array(tagSchema).optional(),
  /**
   * With `filter`: where the search matched, with [start, end) ranges to highlight; `page`: in
   * the text of the post's page copy.
   */
  search: z
    .object({
      field: z.enum(['title', 'text', 'url', 'description', 'tags', 'page']),
      snippet: z.string(),
      ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
    })
    .optional(),
});
export type Post = z.infer<typeof postSchema>;

/** Most characters of HTML a post may hold. */
export const POST_CONTENT_MAX = 1_000_000;
export const POST_TITLE_MAX = 255;
/** Most characters of a post's description (a link's summary, or a note saved with it). */
export const POST_DESCRIPTION_MAX = 10_000;

/** `is_uncategorized` arrives as a boolean or 0/1 (PRODUCT.md#entities). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => !!value);
/** `collection_id` null, 0 = Uncategorized (PRODUCT.md#entities). */
const collectionRef = idOrZero.nullable();

/**
 * The API names the recycle bin (PRODUCT.md#recycle-bin) `is_archived`, as the original API did;
 * the code calls it `inRecycleBin`. Requests are read with this (the one place the name is
 * mapped on the way in); posts.presenter writes `is_archived` on the way out.
 */
function readInRecycleBin<T extends { is_archived?: boolean | undefined }>({
  is_archived,
  ...rest
}: T): Omit<T, 'is_archived'> & { inRecycleBin: boolean | undefined } {
  return { ...rest, inRecycleBin: is_archived };
}

/** Orders of a collection's or Uncategorized's list (`sort` on `GET /api/posts`). */
export const postSorts = ['manual', 'newest', 'oldest', 'title', 'domain'] as const;
export type PostSort = (typeof postSorts)[number];

export const listPostsQuery = z
  .object({
    collection_id: idOrZero.optional(),
    is_uncategorized: queryBoolean.optional(),
    is_archived: queryBoolean.optional(),
    withTags: queryBoolean.optional(),
    /** Page size; 0 or absent = all. */
    limit: z.coerce.number().int().min(0).max(INTEGER_MAX).optional(),
    /** Cursor: posts after this one in the list's order (with `filter`: in the results' order). */
    after_id: id.optional(),
    /** Skip this many posts (needs a `limit`; not together with `after_id`). */
    offset: z.coerce.number().int().min(0).max(INTEGER_MAX).optional(),
    /**
     * Order of a collection's or Uncategorized's list: `manual` (default; by `order`, highest
     * first), `newest`/`oldest` (created), `title` (A–Z ignoring case, untitled last), `domain`
     * (host of `base_url` A–Z, text posts last); ties by id. Pages with `after_id` like the rest.
     */
    sort: z.enum(postSorts).optional(),
    /**
     * Search (PRODUCT.md#search): case-insensitive substrings of title, text, URL, description and
     * tags, all required; `"exact phrase"`, `-word` to exclude, `tag:name`, `type:link|text`,
     * `is:favorite` (the caller's favourites).
     * Paged by `limit` and `after_id`; with `is_archived`, searches the caller's recycle bin.
     */
    filter: z.string().max(500).optional(),
    /** With `collection_id`: also the posts of every collection below it, newest first. */
    withDescendants: queryBoolean.optional(),
    /** Only posts with this tag of the caller's. */
    tag_id: id.optional(),
    /**
     * The caller's favourites (PRODUCT.md#favourites) across every collection they may read,
     * most recently starred first; not with `collection_id`, `is_uncategorized`, `is_archived`,
     * `tag_id`, `withDescendants` or `sort`.
     */
    favorites: queryBoolean.optional(),
  })
  .transform(readInRecycleBin);

export const createPostBody = z.object({
  title: z.string().trim().max(POST_TITLE_MAX).nullish(),
  content: z.string().trim().min(1, 'Content is required.').max(POST_CONTENT_MAX),
  description: z.string().max(POST_DESCRIPTION_MAX).nullish(),
  collection_id: collectionRef.optional(),
  is_uncategorized: flag.optional(),
  /** null = no tags given (the original client sends it). */
  tag_names: z.array(tagName).max(100).nullish(),
});

/**
 * Any subset of the fields; `collection_id`/`is_uncategorized` transfer the post, `order` moves it
 * within its collection, `is_archived` sends it to or brings it back from the recycle bin,
 * `is_favorite` stars it for the caller or takes the star off (PRODUCT.md#favourites).
 */
export const updatePostBody = z
  .object({
    title: z.string().trim().max(POST_TITLE_MAX).nullish(),
    content: z.string().trim().min(1, 'Content is required.').max(POST_CONTENT_MAX).optional(),
    description: z.string().max(POST_DESCRIPTION_MAX).nullish(),
    collection_id: collectionRef.optional(),
    is_uncategorized: flag.optional(),
    /** Replaces the set; null = leave the tags as they are. */
    tag_names: z.array(tagName).max(100).nullish(),
    order: z.number().int().min(1).max(INTEGER_MAX).optional(),
    is_archived: z.boolean().optional(),
    is_favorite: z.boolean().optional(),
  })
  .transform(readInRecycleBin);

/** Most posts one bulk edit may change. */
export const BULK_EDIT_MAX = 1000;

/**
 * A bulk edit: the posts by id, and at least one change for all of them — transfer
 * (`collection_id`/`is_uncategorized`), to the recycle bin or back (`is_archived`), tags to add
 * or remove by name (a name may not be in both).
 */
export const bulkUpdatePostsBody = z
  .object({
    ids: z
      .array(id)
      .min(1, 'Name at least one post.')
      .max(BULK_EDIT_MAX, `At most ${BULK_EDIT_MAX} posts at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once.'),
    collection_id: collectionRef.optional(),
    is_uncategorized: flag.optional(),
    is_archived: z.boolean().optional(),
    add_tag_names: z.array(tagName).max(100).optional(),
    remove_tag_names: z.array(tagName).max(100).optional(),
  })
  .refine(
    (body) =>
      body.collection_id !== undefined ||
      body.is_uncategorized !== undefined ||
      body.is_archived !== undefined ||
      body.add_tag_names !== undefined ||
      body.remove_tag_names !== undefined,
    'Name at least one change: collection_id, is_uncategorized, is_archived, add_tag_names or remove_tag_names.',
  )
  .transform(readInRecycleBin);

export const getPostQuery = z.object({ withTags: queryBoolean.optional() });

/** Longest URL the duplicate check takes (characters). */
export const CHECK_URL_MAX = 8192;

export const checkPostUrlQuery = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Give the URL to look for.')
    .max(CHECK_URL_MAX, `A URL has at most ${CHECK_URL_MAX} characters.`),
});

/** A live post that already holds a URL (PRODUCT.md#duplicate-check). */
export const savedPostSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  url: z.string(),
  /** null = Uncategorized. */
  collection_id: z.number().int().nullable(),
  /** The collection's name; null for Uncategorized. */
  collection_name: z.string().nullable(),
});
export type SavedPost = z.infer<typeof savedPostSchema>;

export const postEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/posts',
    summary:
      "Posts of a collection (`collection_id`, 0 or `is_uncategorized=true` = Uncategorized) by order, highest first, or by `sort`; with `withDescendants=true` also those of every collection below it, newest first; without either, all the caller's posts, newest first; `is_archived=true` lists the recycle bin (with `collection_id`, the posts deleted from that list), last deleted first. Paged by `limit` with `after_id` or `offset` (not both: 400). `filter` searches (title matches first), paged by `after_id` the same way, in the recycle bin with `is_archived=true`. `favorites=true` lists the caller's favourites in every collection they may still read, last starred first (not in the recycle bin; with `filter`, searched). With a public share token: the shared collection's posts (or a sub-collection's, when the share opens them), read only.",
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
  check: defineEndpoint({
    method: 'GET',
    path: '/api/posts/check',
    summary:
      'Duplicate check: the live posts the caller may read whose URL is `url` once both are normalised (scheme and host lower-case, default port, trailing slash, fragment and the tracking parameters `utm_*`, `fbclid`, `gclid`, `mc_cid`, `mc_eid` left out), newest first, at most 20. An empty list when there is none (or `url` is not a URL). Never posts in the recycle bin.',
    auth: 'user',
    query: checkPostUrlQuery,
    status: 200,
    response: envelope(z.array(savedPostSchema)),
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
    summary:
      "Edit, transfer, reorder, move to the recycle bin or restore a post; star it or take the star off (`is_favorite`, the caller's own mark: alone it needs only read access, 404 for a post the caller cannot read).",
    auth: 'user',
    params: idParams,
    body: updatePostBody,
    status: 200,
    response: envelope(postSchema),
  }),
  bulkUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/api/posts',
    summary:
      'Bulk edit up to 1000 posts (`ids`) in one transaction, all or nothing: transfer (on top of the target list, keeping their relative order), move to the recycle bin or restore, add or remove tags by name. Each post needs the access a single PATCH needs (404 for one the caller cannot see, 403 for one they may not change); a target list must belong to the owner of every post (403). Answers the ids of the posts that changed.',
    auth: 'user',
    body: bulkUpdatePostsBody,
    status: 200,
    response: envelope(z.object({ ids: z.array(z.number().int()) })),
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
      "With `is_trashed=1`: delete every post in the caller's recycle bin for good, with their files.",
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
