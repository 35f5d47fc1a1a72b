import type { FastifyInstance } from 'fastify';
import { pageCopyEndpoints } from '../../../contract/page-copies.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { PageCopiesService } from './page-copies.service.ts';
import type { PageCopyWorker } from './page-copy-worker.ts';

/** API.md: a post's page copy, its refresh and its snapshot. */
export function registerPageCopyRoutes(
  app: FastifyInstance,
  copies: PageCopiesService,
  worker: Pick<PageCopyWorker, 'kick'>,
): void {
  bindEndpoint(app, pageCopyEndpoints.get, async ({ actor, params }) => ({
    data: await copies.get(actor, params.id),
  }));
  bindEndpoint(app, pageCopyEndpoints.refresh, async ({ actor, params }) => ({
    data: await copies.refresh(actor, params.id, worker.kick),
  }));
  bindEndpoint(app, pageCopyEndpoints.snapshot, ({ actor, params }) =>
    copies.snapshot(actor, params.id),
  );
}
