import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureOwnerAccount } from './features/users/owner-account.ts';
import { systemClock } from './lib/clock.ts';

/** A running Nestmark server. */
export interface RunningServer {
  app: FastifyInstance;
  /** Stops listening, finishes the previews in progress, closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts Nestmark from the environment: configuration → database → migrations → app → owner
 * account → listen, serving the built web app beside the API. `main.ts` calls it for production;
 * the e2e server (e2e/e2e-server.mjs) calls the built copy with its test-only outbound fetcher.
 * @throws ConfigError for a bad environment; anything the database or the port throws.
 */
export async function startServer(
  overrides: Pick<AppDependencies, 'fetcher'> = {},
): Promise<RunningServer> {
  const config = loadConfig();
  const { db, description } = openDatabase(config);
  await migrateToLatest(db);
  // dist/server/start.js serves dist/web, the built single-page app.
  const webRoot = fileURLToPath(new URL('../web', import.meta.url));
  const app = await buildApp({ config, db, clock: systemClock, webRoot, ...overrides });
  await ensureOwnerAccount(
    db,
    { email: config.ownerEmail, password: config.ownerPassword },
    app.log,
    systemClock,
  );
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Nestmark is running on ${config.appUrl} (database: ${description})`);
  return {
    app,
    async stop() {
      await app.close();
      await db.destroy();
    },
  };
}
