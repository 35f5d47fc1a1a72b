import type { FastifyInstance } from 'fastify';
import { fileEndpoints } from '../../../contract/files.ts';
import type { Config } from '../../config.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import { readUpload } from '../../http/upload.ts';
import type { FilesService } from './files.service.ts';

/** API.md: POST /api/files (multipart `file`); GET /api/files/{name} serves what was stored. */
export function registerFileRoutes(
  app: FastifyInstance,
  files: FilesService,
  config: Pick<Config, 'uploadMaxBytes'>,
): void {
  bindEndpoint(app, fileEndpoints.upload, async ({ actor, request }) => {
    const upload = await readUpload(request, config.uploadMaxBytes);
    return { data: await files.upload(actor, upload) };
  });
  bindEndpoint(app, fileEndpoints.get, ({ params }) => files.open(params.name));
}
