import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '../../../contract/users.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { UsersService } from './users.service.ts';

/** API.md: GET/POST /api/users, GET/PATCH/DELETE /api/users/{id}. */
export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  bindEndpoint(app, userEndpoints.list, async ({ actor, query }) => ({
    data: await users.list(actor, query),
  }));
  bindEndpoint(app, userEndpoints.get, async ({ params }) => ({
    data: await users.get(params.id),
  }));
  bindEndpoint(app, userEndpoints.create, async ({ actor, body }) => ({
    data: await users.create(actor, body),
  }));
  bindEndpoint(app, userEndpoints.update, async ({ actor, params, body, request }) => ({
    data: await users.update(actor, params.id, body, request.ip),
  }));
  bindEndpoint(app, userEndpoints.delete, ({ actor, params }) => users.delete(actor, params.id));
}
