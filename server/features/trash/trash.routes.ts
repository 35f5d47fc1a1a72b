import type { FastifyInstance } from 'fastify';
import { postEndpoints } from '../../../contract/posts.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { TrashService } from './trash.service.ts';

/** API.md: DELETE /api/posts?is_trashed=1 clears the caller's recycle bin. */
export function registerTrashRoutes(app: FastifyInstance, trash: TrashService): void {
  bindEndpoint(app, postEndpoints.clearRecycleBin, async ({ actor }) => {
    await trash.clear(actor);
  });
}
