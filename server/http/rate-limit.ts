import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Clock } from '../lib/clock.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** The counter of a request: its signed-in user, else its client address (`TRUST_PROXY`). */
function rateLimitKey(request: FastifyRequest): string {
  return request.actor.kind === 'user' ? `user:${request.actor.userId}` : `address:${request.ip}`;
}

/** Paths of the API that are not counted (see registerRateLimit). */
const UNLIMITED = ['/api/health', '/api/files/', '/api/favicons/'];

function isLimited(url: string): boolean {
  return url.startsWith('/api/') && !UNLIMITED.some((path) => url.startsWith(path));
}

/**
 * A general limit of `perMinute` requests a minute per signed-in user and per client address
 * (`RATE_LIMIT_PER_MINUTE`; 0 registers nothing), on top of the sign-in and reset limits.
 * Counted after authentication (register it after `registerAuthentication`), so a user is one
 * counter wherever they are and people behind one address do not share theirs; requests refused
 * with 401 are not counted. Beyond the limit: 429 `RATE_LIMITED` with `Retry-After` (seconds).
 * Only API calls are limited, health checks aside. Not the web app's files (the page, its
 * scripts, the service worker): a browser fetches a script chunk the first time a screen needs
 * it, and a refused chunk breaks that screen. Nor stored images and favicons: a long list shows
 * one per post, and scrolling through a big library would spend the limit on pictures.
 *
 * Where the counts live: on PostgreSQL in the database (`databaseRateLimitStore`, 60-second
 * windows), so that several processes on it share one limit (docs/OPERATIONS.md#scaling-out); on
 * SQLite in this process's memory (the plugin's own store), because SQLite has one process
 * (ARCHITECTURE.md#scaling-out) and a write per request would queue behind the one writer
 * connection for nothing.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  { db, clock }: { db: Db; clock: Clock },
): Promise<void> {
  if (perMinute === 0) return;
  await app.register(fastifyRateLimit, {
    ...(dialectOf(db) === 'postgres' && {
      store: databaseRateLimitStore({
        db,
        clock,
        logError: (error, message) => app.log.error({ err: error }, message),
      }),
    }),
    max: perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: rateLimitKey,
    allowList: (request) => !isLimited(request.url),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(
        `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        seconds,
      );
    },
  });
}
