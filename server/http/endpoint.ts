import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointParsed } from '../../contract/endpoint.ts';
import type { Actor, AuthenticatedActor, UserActor } from './actor.ts';
import { securityOf } from './api-docs.ts';

/** A file a download endpoint sends. */
export interface FileDownload {
  body: string | Buffer | Readable;
  contentType: string;
  /** Offered for saving under this name (`attachment`); without one the file is shown inline. */
  fileName?: string;
  /** More response headers (caching, content security). */
  headers?: Record<string, string>;
}

type ActorFor<E extends Endpoint> = E['auth'] extends 'user'
  ? UserActor
  : E['auth'] extends 'user-or-share'
    ? AuthenticatedActor
    : Actor;

/** What a handler returns: the JSON body, nothing for 204, a file for downloads. */
export type HandlerResult<E extends Endpoint> = E['download'] extends true
  ? FileDownload
  : E['status'] extends 204
    ? void
    : E['response'] extends z.ZodType
      ? z.input<E['response']>
      : never;

/** Everything a handler needs: validated input, the actor, and the raw request for uploads. */
export type HandlerContext<E extends Endpoint> = EndpointParsed<E> & {
  actor: ActorFor<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * Binds one contract endpoint to a Fastify route: path, zod schemas for params, query, body and
 * response, the authentication mode and the success status all come from the contract, so the
 * wire format has one definition. Handlers hold no SQL and no business rules: they call a service.
 */
export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<HandlerResult<E>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      summary: endpoint.summary,
      security: securityOf(endpoint),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.response && { response: { [endpoint.status]: endpoint.response } }),
    },
    config: { auth: endpoint.auth, image: endpoint.image, sessionOnly: endpoint.sessionOnly },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        actor: request.actor,
        request,
        reply,
      } as HandlerContext<E>);
      reply.code(endpoint.status);
      if (endpoint.download) {
        const file = result as FileDownload;
        reply.type(file.contentType).headers(file.headers ?? {});
        if (file.fileName) {
          reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        }
        return reply.send(file.body);
      }
      return endpoint.status === 204 ? reply.send() : reply.send(result);
    },
  });
}
