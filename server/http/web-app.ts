import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../contract/common.ts';

/** Source maps would hand out the app's source: never served, even if a build made them. */
const isSourceMap = (path: string) => /\.map$/i.test(path.split('?')[0]!);

/**
 * Serves the built single-page app from `webRoot` on the API's port: hashed files under
 * `/assets/` cached for a year, `index.html` revalidated, and every other GET that is not an API
 * path (nor a source map) answered with `index.html` (history fallback, so reloading `/c/5`
 * works). Unknown API paths and source maps get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasWebApp = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      allowedPath: (path) => !isSourceMap(path),
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.startsWith(join(webRoot, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !request.url.startsWith('/api/') && !isSourceMap(request.url)) {
      reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    const body: ApiErrorBody = {
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}.` },
    };
    reply.code(404).send(body);
  });
}
