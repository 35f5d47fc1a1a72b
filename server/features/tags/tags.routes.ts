import type { FastifyInstance } from 'fastify';
import { tagEndpoints } from '../../../contract/tags.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { TagsService } from './tags.service.ts';

/** API.md: GET/POST /api/tags, GET/PATCH/DELETE /api/tags/{id}. */
export function registerTagRoutes(app: FastifyInstance, tags: TagsService): void {
  bindEndpoint(app, tagEndpoints.list, async ({ actor }) => ({ data: await tags.list(actor) }));
  bindEndpoint(app, tagEndpoints.get, async ({ actor, params }) => ({
    data: await tags.get(actor, params.id),
  }));
  bindEndpoint(app, tagEndpoints.create, async ({ actor, body }) => ({
    data: await tags.create(actor, body),
  }));
  bindEndpoint(app, tagEndpoints.update, async ({ actor, params, body }) => ({
    data: await tags.update(actor, params.id, body),
  }));
  bindEndpoint(app, tagEndpoints.delete, ({ actor, params }) => tags.delete(actor, params.id));
}
