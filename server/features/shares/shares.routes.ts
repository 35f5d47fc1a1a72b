import type { FastifyInstance } from 'fastify';
import { shareEndpoints } from '../../../contract/shares.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { SharesService } from './shares.service.ts';

/** API.md: /api/shares/public (and /me), /api/shares/private. */
export function registerShareRoutes(app: FastifyInstance, shares: SharesService): void {
  bindEndpoint(app, shareEndpoints.listPublic, async ({ actor, query }) => ({
    data: await shares.listPublic(actor, query.collection_id),
  }));
  bindEndpoint(app, shareEndpoints.createPublic, async ({ actor, body }) => ({
    data: await shares.createPublic(actor, body),
  }));
  bindEndpoint(app, shareEndpoints.updatePublic, async ({ actor, params, body }) => ({
    data: await shares.updatePublic(actor, params.id, body),
  }));
  bindEndpoint(app, shareEndpoints.deletePublic, ({ actor, params }) =>
    shares.deletePublic(actor, params.id),
  );
  bindEndpoint(app, shareEndpoints.me, async ({ actor }) => ({ data: await shares.me(actor) }));
  bindEndpoint(app, shareEndpoints.listPrivate, async ({ actor, query }) => ({
    data: await shares.listPrivate(actor, query.collection_id),
  }));
  bindEndpoint(app, shareEndpoints.createPrivate, async ({ actor, body }) => ({
    data: await shares.createPrivate(actor, body),
  }));
  bindEndpoint(app, shareEndpoints.updatePrivate, async ({ actor, params, body }) => ({
    data: await shares.updatePrivate(actor, params.id, body),
  }));
  bindEndpoint(app, shareEndpoints.deletePrivate, ({ actor, params }) =>
    shares.deletePrivate(actor, params.id),
  );
}
