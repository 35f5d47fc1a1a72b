import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGuardedFetcher,
  type GuardedFetcherOptions,
  type LinkFetcher,
  type Resolver,
} from '../features/link-preview/guarded-fetcher.ts';

/**
 * Many web sites served by one HTTP server on 127.0.0.1, for tests and benchmarks of link
 * previews: `siteName(n)` names a host under `.sites.example` (a reserved name that never
 * resolves on the internet), and `localSitesFetcher` is an SSRF-guarded fetcher whose DNS
 * answers 127.0.0.1 for those names and whose allowance lets it reach this server's port only.
 * Production never builds such a fetcher: only test and benchmark code import this file.
 */

/** Parent domain of every local site. */
const SITES_DOMAIN = 'sites.example';

/** The host name of local site `n`: `site-<n>.sites.example`. */
export function siteName(n: number): string {
  return `site-${n}.${SITES_DOMAIN}`;
}

export interface LocalSites {
  port: number;
  /** `http://<site n>:<port>` */
  origin(n: number): string;
  /** Requests in progress right now, per host name (the Host header without its port). */
  open: Map<string, number>;
  /** The most requests ever in progress at once, per host name. */
  maxOpenPerHost: Map<string, number>;
  /** The most requests ever in progress at once, all hosts together. */
  maxOpenTotal(): number;
  /** Every request so far, in order of arrival: host name and path with query. */
  requests: { host: string; path: string }[];
  close(): Promise<void>;
}

/**
 * Starts the server on a free port; `handler` answers every request, given its host name. A
 * request counts as open from its arrival until its response is finished or aborted.
 */
export async function startLocalSites(
  handler: (host: string, request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalSites> {
  const open = new Map<string, number>();
  const maxOpenPerHost = new Map<string, number>();
  const requests: LocalSites['requests'] = [];
  let openTotal = 0;
  let maxOpenTotal = 0;
  const server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    requests.push({ host, path: request.url ?? '' });
    const now = (open.get(host) ?? 0) + 1;
    open.set(host, now);
    maxOpenPerHost.set(host, Math.max(maxOpenPerHost.get(host) ?? 0, now));
    openTotal += 1;
    maxOpenTotal = Math.max(maxOpenTotal, openTotal);
    response.on('close', () => {
      open.set(host, open.get(host)! - 1);
      openTotal -= 1;
    });
    handler(host, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: (n) => `http://${siteName(n)}:${port}`,
    open,
    maxOpenPerHost,
    maxOpenTotal: () => maxOpenTotal,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** DNS for local sites: their names resolve to 127.0.0.1, every other name does not exist. */
const localSitesDns: Resolver = async (hostname) => {
  if (hostname.toLowerCase().endsWith(`.${SITES_DOMAIN}`))
    return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/**
 * TEST AND BENCHMARK ONLY: the SSRF-guarded fetcher with local-site DNS and an allowance for
 * 127.0.0.1 on `port` (the local sites' server), nothing else; `timeoutMs` as the guard takes it.
 */
export function localSitesFetcher(
  port: number,
  options: Pick<GuardedFetcherOptions, 'timeoutMs'> = {},
): LinkFetcher {
  return createGuardedFetcher({
    ...options,
    resolve: localSitesDns,
    allowAddress: (address, allowedPort) => address === '127.0.0.1' && allowedPort === port,
  });
}
