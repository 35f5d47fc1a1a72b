import { setFlagsFromString } from 'node:v8';
import { ConfigError } from './config.ts';
import { startServer } from './start.ts';

/**
 * After each full garbage collection V8 lets the heap grow to up to four times what was live
 * before it collects again. An import of 100,000 bookmarks keeps about 100 MB live but left
 * garbage enough for a 440 MB process; growing by at most 30 % keeps its peak near 250 MB
 * (docs/OPERATIONS.md, "Start time and memory"), for more, mostly incremental, collections. V8 reads the
 * factor at each collection, so setting it here, before the server starts, is enough.
 */
setFlagsFromString('--heap-growing-percent=30');

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
