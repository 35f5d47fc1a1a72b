import type { FastifyInstance } from 'fastify';
import { postEndpoints } from '../../../contract/posts.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { RecycleBinService } from './recycle-bin.service.ts';

/** API.md: DELETE /api/posts?is_trashed=1 clears the caller's recycle bin. */
export function registerRecycleBinRoutes(
  app: FastifyInstance,
  recycleBin: RecycleBinService,
): void {
  bindEndpoint(app, postEndpoints.clearRecycleBin, async ({ actor }) => {
    await recycleBin.clear(actor);
  });
}
