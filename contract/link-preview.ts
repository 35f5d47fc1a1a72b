import { z } from 'zod';
import { envelope } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Longest URL accepted for a preview. */
export const PREVIEW_URL_MAX = 2048;

/**
 * `GET /api/meta` (PRODUCT.md#link-metadata): the link, its origin, and what the
 * page says about itself. `title` is the URL when the page names itself nothing (or could not be
 * fetched). `image_path` is the page's own image URL (not fetched by the web app).
 */
export const linkMetaSchema = z.object({
  url: z.string(),
  base_url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  image_path: z.string().nullable(),
});
export type LinkMeta = z.infer<typeof linkMetaSchema>;

export const metaQuery = z.object({
  url: z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .max(PREVIEW_URL_MAX),
});

/** A host as it appears in a URL (`example.com`, `example.com:8080`), lower case. */
export const faviconHost = z
  .string()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, { message: 'is not a host name' });

export const linkPreviewEndpoints = {
  meta: defineEndpoint({
    method: 'GET',
    path: '/api/meta',
    summary:
      'Fetch a page (through the SSRF guard) and return its title, description, colour, image and origin; caches its favicon. A page that cannot be fetched gives its URL as the title. 422 for an address Nestmark refuses to reach (private, loopback, metadata…).',
    auth: 'user',
    query: metaQuery,
    status: 200,
    response: envelope(linkMetaSchema),
  }),
  favicon: defineEndpoint({
    method: 'GET',
    path: '/api/favicons/{host}',
    summary:
      'The cached favicon of a host, fetched by Nestmark when a link of that host was previewed, so browsers never ask a third-party icon service. A neutral globe (SVG, kept an hour) when none is cached, so that a page of links neither shows broken images nor logs errors. Only for a signed-in user or a share visitor (401 otherwise: which hosts were previewed is private); as an `<img>` it is authorised by the session cookie `token` or a share token in `?token=`.',
    auth: 'user-or-share',
    image: true,
    params: z.object({ host: faviconHost }),
    query: z.object({ token: z.string().max(128).optional() }),
    status: 200,
    download: true,
  }),
};
