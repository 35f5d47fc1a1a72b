import type { FastifyInstance } from 'fastify';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import type { Config } from '../../config.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import { readUpload } from '../../http/upload.ts';
import type { AccountBackupService } from './account-backup.service.ts';
import type { BookmarksIoService } from './bookmarks-io.service.ts';
import type { ImportJobsService } from './import-jobs.service.ts';

/**
 * API.md: POST /api/imports (multipart `file`), GET /api/exports, the import job
 * (GET /api/imports/{id}) and the account backup (GET and POST /api/backups).
 */
export function registerBookmarksIoRoutes(
  app: FastifyInstance,
  services: {
    imports: ImportJobsService;
    bookmarksIo: BookmarksIoService;
    backups: AccountBackupService;
  },
  config: Pick<Config, 'importMaxBytes'>,
): void {
  const { imports, bookmarksIo, backups } = services;
  bindEndpoint(app, bookmarksIoEndpoints.import, async ({ actor, request, query }) => {
    const file = await readUpload(request, config.importMaxBytes);
    return {
      data: await imports.start(actor, file, {
        collectionId: query.collection_id,
        duplicates: query.duplicates,
      }),
    };
  });
  bindEndpoint(app, bookmarksIoEndpoints.importJob, async ({ actor, params }) => ({
    data: await imports.get(actor, params.id),
  }));
  bindEndpoint(app, bookmarksIoEndpoints.export, ({ actor, query }) =>
    bookmarksIo.export(actor, query),
  );
  bindEndpoint(app, bookmarksIoEndpoints.backup, ({ actor }) => backups.backup(actor));
  bindEndpoint(app, bookmarksIoEndpoints.restore, async ({ actor, request }) => {
    const file = await readUpload(request, config.importMaxBytes);
    return { data: await backups.restore(actor, file) };
  });
}
