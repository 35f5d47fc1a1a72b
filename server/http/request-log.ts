import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials: reset and share tokens (`/reset?…&token=`,
 * `/s?token=`, `?token=` on images), and whatever a client might put in an address by mistake.
 */
const SECRET_PARAMETERS = new Set(['token', 'access_token', 'password']);

/** `url` (a path with a query) with the values of credential parameters replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let redacted = false;
  for (const name of new Set(query.keys())) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) {
      query.set(name, '[REDACTED]');
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, queryStart)}?${query}` : url;
}

/**
 * The request as Fastify's logger writes it (its default fields), with credentials taken out of
 * the address. The Authorization header is never logged.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- typed as always there, yet Fastify's own request serializer checks for a missing socket too
    remotePort: request.socket?.remotePort,
  };
}
