import type { FastifyInstance } from 'fastify';
import { apiTokenEndpoints } from '../../../contract/api-tokens.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

/** API.md: GET/POST /api/tokens, DELETE /api/tokens/{id}. */
export function registerApiTokenRoutes(app: FastifyInstance, tokens: ApiTokensService): void {
  bindEndpoint(app, apiTokenEndpoints.list, async ({ actor }) => ({
    data: await tokens.list(actor),
  }));
  bindEndpoint(app, apiTokenEndpoints.create, async ({ actor, body }) => ({
    data: await tokens.create(actor, body),
  }));
  bindEndpoint(app, apiTokenEndpoints.revoke, ({ actor, params }) =>
    tokens.revoke(actor, params.id),
  );
}
