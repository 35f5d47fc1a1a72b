import type { FastifyInstance } from 'fastify';
import { feedEndpoints } from '../../../contract/feeds.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { FeedsService } from './feeds.service.ts';

/**
 * API.md "Feeds": the Atom feeds (GET /api/shares/public/feed, GET
 * /api/feeds/{feed_token}/collections/{id}) and the caller's feed token (GET, POST and DELETE
 * /api/feed-token).
 */
export function registerFeedRoutes(app: FastifyInstance, feeds: FeedsService): void {
  bindEndpoint(app, feedEndpoints.publicShareFeed, ({ query }) =>
    feeds.publicShareFeed(query.token),
  );
  bindEndpoint(app, feedEndpoints.collectionFeed, ({ params }) =>
    feeds.collectionFeed(params.feed_token, params.id),
  );
  bindEndpoint(app, feedEndpoints.feedToken, async ({ actor }) => ({
    data: await feeds.feedToken(actor),
  }));
  bindEndpoint(app, feedEndpoints.regenerateFeedToken, async ({ actor }) => ({
    data: await feeds.regenerateFeedToken(actor),
  }));
  bindEndpoint(app, feedEndpoints.deleteFeedToken, ({ actor }) => feeds.deleteFeedToken(actor));
}
