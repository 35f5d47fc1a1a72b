import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '../../../contract/health.ts';
import { pingDatabase, type Db } from '../../db/database.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import { AppError } from '../../lib/errors.ts';

/** GET /api/health: 200 when the database answers a query, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  bindEndpoint(app, healthEndpoints.health, async ({ request }) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database does not answer');
      throw new AppError(503, 'UNAVAILABLE', 'The database does not answer.');
    }
    return { data: { status: 'ok' as const } };
  });
}
