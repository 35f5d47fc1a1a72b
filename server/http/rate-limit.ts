import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';

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
 * one per post, and scrolling through a big library would spend the limit on pictures. The
 * counts live in this process's memory: with several processes each allows `perMinute`.
 */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(fastifyRateLimit, {
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
