import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../../contract/common.ts';
import { bearerToken } from '../../http/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import type { MetricsSources } from './metrics-registry.ts';

/** Where Prometheus scrapes (outside `/api/`: not part of the API, not rate limited). */
export const METRICS_PATH = '/metrics';

/** Route label of requests no route matched: their raw URLs would be unbounded label values. */
export const UNMATCHED_ROUTE = '(unmatched)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus's text format (OPERATIONS.md#metrics). Without `token`
 * (METRICS_TOKEN unset) it is a 404 like any unknown path (also with the web app, whose
 * history fallback would otherwise answer it), prom-client is never loaded and no request is
 * timed. With it, prom-client is loaded now, every request's duration is recorded by route
 * pattern, method and status, and the route answers only `Authorization: Bearer <token>`
 * (compared in constant time; 401 otherwise). Register it before the routes it is to time.
 */
export async function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: MetricsSources,
): Promise<void> {
  if (token === undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const body: ApiErrorBody = {
        error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}.` },
      };
      return reply.code(404).send(body);
    });
    return;
  }

  const { createMetrics } = await import('./metrics-registry.ts');
  const metrics = createMetrics(sources);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request);
    // Digests have one length whatever was sent, so the comparison takes the same time.
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      throw new AppError(
        401,
        'UNAUTHENTICATED',
        'The metrics need their bearer token.',
        undefined,
        {
          'www-authenticate': 'Bearer realm="metrics"',
        },
      );
    }
    const { body, contentType } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
