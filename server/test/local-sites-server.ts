import { localSitesFetcher } from './local-sites.ts';
import { startServer } from '../start.ts';

/*
 * TEST ONLY: a Nestmark process started as `server/main.ts` starts it, from the same environment,
 * except that its link previews go through the local sites' fetcher (local-sites.ts): names under
 * `sites.example` resolve to 127.0.0.1, and the SSRF guard lets it reach 127.0.0.1 on the port in
 * NESTMARK_TEST_SITES_PORT, nothing else. `startServerProcess({ localSitesPort })` runs it; this
 * file is not part of the build (scripts/build-server.ts bundles from the server's entries), and
 * production has no setting that gives such an allowance.
 */

const port = Number(process.env.NESTMARK_TEST_SITES_PORT);
if (!Number.isInteger(port) || port <= 0) {
  throw new Error('NESTMARK_TEST_SITES_PORT must name the port of the local sites');
}
const fetcher = localSitesFetcher(port);
const server = await startServer({ fetcher });
const shutdown = async () => {
  await server.stop();
  await fetcher.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
