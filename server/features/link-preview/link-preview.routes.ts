import type { FastifyInstance } from 'fastify';
import { linkPreviewEndpoints } from '../../../contract/link-preview.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { FaviconCache } from './favicon-cache.ts';
import type { LinkPreviewService } from './link-preview.service.ts';

/** API.md GET /api/meta; GET /api/favicons/{host} serves the favicons previews cached. */
export function registerLinkPreviewRoutes(
  app: FastifyInstance,
  previews: LinkPreviewService,
  favicons: FaviconCache,
): void {
  bindEndpoint(app, linkPreviewEndpoints.meta, async ({ query }) => ({
    data: await previews.meta(query.url),
  }));
  bindEndpoint(app, linkPreviewEndpoints.favicon, ({ params }) => favicons.open(params.host));
}
