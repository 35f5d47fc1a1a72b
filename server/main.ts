import { ConfigError } from './config.ts';
import { startServer } from './start.ts';

/** Process entry: start the server, stop it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const server = await startServer();
  const shutdown = async (signal: string) => {
    server.app.log.info(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Nestmark could not start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
