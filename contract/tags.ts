import { z } from 'zod';
import { envelope, idParams } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** A tag (PRODUCT.md#tag). */
export const tagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** A tag as the tag endpoints show it: with `post_count`, the live posts that carry it. */
export const countedTagSchema = tagSchema.extend({ post_count: z.number().int() });
export type CountedTag = z.infer<typeof countedTagSchema>;

/** Longest tag name (PRODUCT.md#tag: trimmed, 1 to 64 characters). */
export const TAG_NAME_MAX = 64;

/**
 * A tag name as written by users: trimmed, 1–64 characters, no comma (bookmark exports join a
 * post's tags with commas, so a comma would split the tag on re-import); unique per user
 * ignoring case. The one rule for `tag_names`, `POST /api/tags` and `PATCH /api/tags/{id}`.
 */
export const tagName = z
  .string()
  .trim()
  .min(1, 'A tag name cannot be empty.')
  .max(TAG_NAME_MAX, `A tag name has at most ${TAG_NAME_MAX} characters.`)
  .refine((name) => !name.includes(','), 'A tag name cannot contain a comma.');

/**
 * A tag name read from a backup: backups made before commas were refused may hold them, so
 * each comma becomes a semicolon ('Smith, John' → 'Smith; John') before the rule of `tagName`.
 */
export const restoredTagName = z
  .string()
  .transform((name) => name.replaceAll(',', ';'))
  .pipe(tagName);

export const tagBody = z.object({ name: tagName });

/**
 * The key tag names are compared by: a user's tag names are unique by it (case ignored), and
 * renaming a tag to another's key merges the two (`PATCH /api/tags/{id}`).
 */
export function tagNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export const tagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tags',
    summary: "The caller's tags, by name, each with `post_count` (live posts that carry it).",
    auth: 'user',
    status: 200,
    response: envelope(z.array(countedTagSchema)),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/tags/{id}',
    summary: 'One of the caller’s tags, with `post_count`. 404 for another user’s.',
    auth: 'user',
    params: idParams,
    status: 200,
    response: envelope(countedTagSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/tags',
    summary: 'Create a tag. 409 when the caller has one of that name, ignoring case.',
    auth: 'user',
    body: tagBody,
    status: 201,
    response: envelope(countedTagSchema),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/tags/{id}',
    summary:
      'Rename a tag. When another of the caller’s tags has that name (ignoring case), the two merge: that other tag survives with its id and its spelling, gains every post of the renamed one, and is the answer; the renamed tag is deleted.',
    auth: 'user',
    params: idParams,
    body: tagBody,
    status: 200,
    response: envelope(countedTagSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/tags/{id}',
    summary: 'Delete a tag; its posts lose it and stay.',
    auth: 'user',
    params: idParams,
    status: 204,
  }),
};
