import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '../../contract/api-tokens.ts';
import type { AuthMode } from '../../contract/endpoint.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { Actor, ShareActor, UserActor } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Refused to personal access tokens (contract Endpoint.sessionOnly). */
    sessionOnly?: true;
    /** An image loaded by `<img>`: credentials may come from the cookie or the query (`imageToken`). */
    image?: true;
  }
}

/** Resolves Bearer tokens to actors; each answers null when its token is not valid now. */
export interface Authenticators {
  /** An access token (a JWT) of a live session. */
  user(accessToken: string): Promise<UserActor | null>;
  /** The token of an active public share. */
  share(shareToken: string): Promise<ShareActor | null>;
  /** A personal access token (`nm_…`) that has not expired nor been revoked. */
  apiToken(token: string): Promise<UserActor | null>;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

// Access tokens are JWTs (three dot-separated parts); share tokens are letters and digits;
// personal access tokens start with `nm_`.
const isJwt = (token: string) => token.split('.').length === 3;
const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/**
 * What a personal access token may call (PRODUCT.md#access-tokens): a `read` one GET (and HEAD)
 * requests only; neither scope a `sessionOnly` endpoint. @throws 403
 */
function assertTokenMayCall(request: FastifyRequest, scope: 'read' | 'write'): void {
  if (request.routeOptions.config.sessionOnly) {
    throw forbidden(
      'Only a signed-in session can manage access tokens, users, passwords and email addresses.',
    );
  }
  if (scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
    throw forbidden('This access token may only read.');
  }
}

/**
 * The credential of an image request, which cannot carry a header: the web app's session cookie
 * `token` (an access token; SameSite=Strict, so no other site's page sends it), else a share
 * token in `?token=` (already in the public view's address). An access token is never taken
 * from the query, where it would end up in logs and histories, and a personal access token from
 * neither.
 */
function imageToken(request: FastifyRequest): string | null {
  const cookie = /(?:^|;\s*)token=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie) {
    try {
      const token = decodeURIComponent(cookie);
      return isApiToken(token) ? null : token;
    } catch {
      return null;
    }
  }
  const { token } = request.query as { token?: unknown };
  return typeof token === 'string' && !isJwt(token) && !isApiToken(token) ? token : null;
}

/**
 * Sets `request.actor` on every request before its body is read. Routes whose endpoint needs a
 * user (`auth: 'user'`), or a user or a public share token (`auth: 'user-or-share'`), are refused
 * with 401 when the token is missing, revoked or expired; a personal access token (`nm_…`, taken
 * from the Authorization header only) with 403 outside its scope. Responses to share visitors are
 * marked not to be indexed and not to leak the page address onwards.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: Authenticators): void {
  // Declared without a value; the hook below sets a real actor on every request.
  app.decorateRequest('actor');
  app.addHook('onRequest', async (request) => {
    request.actor = { kind: 'anonymous' };
    const mode = request.routeOptions.config.auth;
    if (mode !== 'user' && mode !== 'user-or-share') return;
    const token =
      bearerToken(request) ?? (request.routeOptions.config.image ? imageToken(request) : null);
    if (!token) throw unauthenticated();
    if (isApiToken(token)) {
      const actor = await authenticate.apiToken(token);
      if (!actor?.apiToken) throw unauthenticated('This access token has expired or was revoked.');
      assertTokenMayCall(request, actor.apiToken.scope);
      request.actor = actor;
      return;
    }
    const actor =
      mode === 'user-or-share' && !isJwt(token)
        ? await authenticate.share(token)
        : await authenticate.user(token);
    if (!actor) throw unauthenticated('Your session has expired. Please sign in again.');
    request.actor = actor;
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.actor.kind === 'share') {
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    }
  });
}
