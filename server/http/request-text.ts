import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { NUL_MESSAGE, pathsWithNul } from '../lib/nul-character.ts';

/**
 * Refuses, before validation, a request whose path parameters, query or JSON body holds text with
 * a NUL character: 400 with `fields` naming each such field (server/lib/nul-character.ts says why).
 * Every route gets it, so no endpoint can pass a NUL on to the database.
 */
export function registerRequestTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const fields: Record<string, string[]> = {};
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      for (const path of pathsWithNul(value)) fields[path || part] = [NUL_MESSAGE];
    }
    const [first] = Object.keys(fields);
    done(first === undefined ? undefined : badRequest(`${first}: ${NUL_MESSAGE}`, fields));
  });
}
