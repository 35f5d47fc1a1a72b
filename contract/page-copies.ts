import { z } from 'zod';
import { envelope, idParams, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Where a link post's page copy stands (PRODUCT.md#reader-view): none made yet, waiting for its
 * fetch, saved, or failed (with the reason).
 */
export const pageCopyStatuses = ['none', 'queued', 'saved', 'failed'] as const;
export type PageCopyStatus = (typeof pageCopyStatuses)[number];

/** What a saved copy was made of: a web page's article, or a PDF's text. */
export const pageCopyKinds = ['article', 'pdf'] as const;

/**
 * A post's page copy. `copied_at` is when the copy was saved; `failure` says why the last fetch
 * failed (`reason` a code, `text` a sentence to show the user). The page's own metadata (`title`,
 * `byline`, `site_name`, `published_at` as the page gave it, `excerpt`, `lang`), its length
 * (`word_count`, `reading_minutes`) and `html`, the readable copy sanitised with the allowlist of
 * PRODUCT.md#rich-content, are present only while the copy is saved; null otherwise.
 */
export const pageCopySchema = z.object({
  status: z.enum(pageCopyStatuses),
  copied_at: timestamp.nullable(),
  failure: z.object({ reason: z.string(), text: z.string() }).nullable(),
  kind: z.enum(pageCopyKinds).nullable(),
  title: z.string().nullable(),
  byline: z.string().nullable(),
  site_name: z.string().nullable(),
  published_at: z.string().nullable(),
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
      "A link post's page copy: its status, and while saved the readable HTML (sanitised) with the page's metadata and reading time. A text post's status is `none`. 404 when the caller may not read the post (also a share token outside its collection).",
    auth: 'user-or-share',
    params: idParams,
    status: 200,
    response: envelope(pageCopySchema),
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/posts/{id}/copy',
    summary:
      "Fetch the post's page again for a new copy, in the background: 202 with the copy, status `queued`. 400 for a text post; 403 for someone who may read but not edit the post; 404 when the caller may not read it.",
    auth: 'user',
    params: idParams,
    status: 202,
    response: envelope(pageCopySchema),
  }),
  snapshot: defineEndpoint({
    method: 'GET',
    path: '/api/posts/{id}/copy/snapshot',
    summary:
      'The page as it was fetched for the copy (`text/html` or `application/pdf`), with `nosniff` and a Content-Security-Policy `sandbox` without scripts, for a sandboxed frame. As a frame it is authorised like an image: by the session cookie `token`, or a share token in `?token=`. 404 when there is none or the caller may not read the post.',
    auth: 'user-or-share',
    image: true,
    params: idParams,
    query: z.object({ token: z.string().max(128).optional() }),
    status: 200,
    download: true,
  }),
};
