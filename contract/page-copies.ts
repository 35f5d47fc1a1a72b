import { z } from 'zod';
import { envelope, idParams, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Where a link post's page copy stands (PRODUCT.md#page-copies); `none`: no copy asked for. */
export const pageCopyStatuses = ['none', 'queued', 'saved', 'failed'] as const;

/** What a saved copy was made of: a web page's article, or a PDF's text. */
export const pageCopyKinds = ['article', 'pdf'] as const;

/** Why a copy failed, PRODUCT.md#page-copies: one reason each, with the sentence shown for it. */
export const copyFailureReasons = [
  'blocked_address',
  'too_large',
  'not_html_or_pdf',
  'timeout',
  'http_status',
  'no_readable_content',
  'account_full',
] as const;

/**
 * The page copy of a link post. `copied_at` is when the copy was saved, or when the first one
 * failed; the page's own fields (`kind` … `reading_minutes`) and `html` are those of the saved
 * copy, null when there is none; `html` is the readable article, sanitised like post content
 * (PRODUCT.md#rich-content), null for a PDF. A refresh keeps the copy: `queued` with the copy
 * while the new one is made, and when it cannot be made `saved` with the old copy and the
 * refresh's `failure` (PRODUCT.md#page-copies).
 */
export const pageCopySchema = z.object({
  status: z.enum(pageCopyStatuses),
  copied_at: timestamp.nullable(),
  failure: z.object({ reason: z.enum(copyFailureReasons), text: z.string() }).nullable(),
  kind: z.enum(pageCopyKinds).nullable(),
  title: z.string().nullable(),
  byline: z.string().nullable(),
  site_name: z.string().nullable(),
  published_at: timestamp.nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  word_count: z.number().int().nullable(),
  reading_minutes: z.number().int().nullable(),
  html: z.string().nullable(),
});
export type PageCopy = z.infer<typeof pageCopySchema>;

export const pageCopyEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/posts/{id}/copy',
    summary:
      "The page copy of a post: its status (`none`, `queued`, `saved`, `failed` with the reason and its text) and, when saved, what the page says of itself and the readable HTML. For whoever may read the post (its owner, members of its collection's shares, a public share token of its collection); 404 otherwise, also for a post in the recycle bin.",
    auth: 'user-or-share',
    params: idParams,
    status: 200,
    response: envelope(pageCopySchema),
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/posts/{id}/copy',
    summary:
      'Copy the page again: the copy is queued (202 with its status) and made in the background; the copy it had stays readable and searchable until the new one replaces it, and stays if the new one fails (then `saved` with the `failure`). For whoever may edit the post; 400 for a text post; 404 when the caller may not read it, 403 when they may read but not edit it.',
    auth: 'user',
    params: idParams,
    status: 202,
    response: envelope(pageCopySchema),
  }),
  snapshot: defineEndpoint({
    method: 'GET',
    path: '/api/posts/{id}/copy/snapshot',
    summary:
      'The page as it was fetched for its saved copy (HTML as `text/html; charset=utf-8`, or the PDF), with `nosniff` and a sandboxing Content-Security-Policy that runs no script, for a sandboxed frame. Readable as the copy is; as a frame it is authorised like an image: by the session cookie `token`, or a share token in `?token=`. 404 when there is no saved copy.',
    auth: 'user-or-share',
    image: true,
    params: idParams,
    query: z.object({ token: z.string().max(128).optional() }),
    status: 200,
    download: true,
  }),
};
