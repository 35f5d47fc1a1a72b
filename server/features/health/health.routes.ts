import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '../../../contract/health.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { HealthService } from './health.service.ts';

/**
 * GET /api/health: 200 with the checks and the job backlog when the database and the file store
 * answer, 503 naming the failing checks when not (HealthService.check).
 */
export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  bindEndpoint(app, healthEndpoints.health, async () => ({ data: await health.check() }));
}
