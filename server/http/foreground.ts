import type { FastifyInstance } from 'fastify';
import { requestStarted } from '../lib/give-way.ts';

/**
 * Counts every request as in flight from its arrival until its response is finished or its
 * connection closes, so that background work on the request thread gives way to it between
 * slices (`giveWay`, docs/ARCHITECTURE.md#give-way).
 */
export function registerForegroundRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', requestStarted());
    done();
  });
}
