import type { FastifyInstance } from 'fastify';
import { postEndpoints } from '../../../contract/posts.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { PostsService } from './posts.service.ts';

/** API.md: GET/POST/PATCH /api/posts, GET/PATCH/DELETE /api/posts/{id}. */
export function registerPostRoutes(app: FastifyInstance, posts: PostsService): void {
  bindEndpoint(app, postEndpoints.list, async ({ actor, query }) => ({
    data: await posts.list(actor, query),
  }));
  bindEndpoint(app, postEndpoints.get, async ({ actor, params, query }) => ({
    data: await posts.get(actor, params.id, query),
  }));
  bindEndpoint(app, postEndpoints.check, async ({ actor, query }) => ({
    data: await posts.findSaved(actor, query.url),
  }));
  bindEndpoint(app, postEndpoints.create, async ({ actor, body }) => ({
    data: await posts.create(actor, body),
  }));
  bindEndpoint(app, postEndpoints.update, async ({ actor, params, body }) => ({
    data: await posts.update(actor, params.id, body),
  }));
  bindEndpoint(app, postEndpoints.bulkUpdate, async ({ actor, body }) => ({
    data: { ids: await posts.bulkUpdate(actor, body) },
  }));
  bindEndpoint(app, postEndpoints.delete, ({ actor, params }) =>
    posts.moveToRecycleBin(actor, params.id),
  );
}
