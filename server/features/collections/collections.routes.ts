import type { FastifyInstance } from 'fastify';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { CollectionsService } from './collections.service.ts';

/**
 * API.md: GET/POST /api/collections, GET /api/collections/shared, GET/PATCH/DELETE
 * /api/collections/{id}.
 */
export function registerCollectionRoutes(
  app: FastifyInstance,
  collections: CollectionsService,
): void {
  bindEndpoint(app, collectionEndpoints.list, async ({ actor, query }) => ({
    data: await collections.list(actor, query),
  }));
  bindEndpoint(app, collectionEndpoints.listShared, async ({ actor, query }) => ({
    data: await collections.listShared(actor, query),
  }));
  bindEndpoint(app, collectionEndpoints.get, async ({ actor, params, query }) => ({
    data: await collections.get(actor, params.id, query),
  }));
  bindEndpoint(app, collectionEndpoints.create, async ({ actor, body }) => ({
    data: await collections.create(actor, body),
  }));
  bindEndpoint(app, collectionEndpoints.update, async ({ actor, params, body }) => ({
    data: await collections.update(actor, params.id, body),
  }));
  bindEndpoint(app, collectionEndpoints.delete, ({ actor, params, query }) =>
    collections.delete(actor, params.id, query.nested ?? false),
  );
}
