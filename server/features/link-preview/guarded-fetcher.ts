import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Agent, buildConnector, request } from 'undici';
import { isPrivateHostname, isPublicAddress } from './address-policy.ts';

/**
 * The SSRF guard: the only way Nestmark reaches other servers (link previews, their images and
 * favicons). Every connection is checked where it is made: the undici connector refuses an IP
 * literal that is not public, and for a host name it resolves the name itself and refuses the
 * connection unless EVERY answer is public, then connects to exactly those addresses. No second
 * lookup happens between the check and the connection, so a DNS answer that changes (rebinding)
 * cannot slip a private address in. Each redirect target is checked again before it is
 * requested; at most `maxRedirects` are followed. Only http and https, no credentials in URLs.
 *
 * This is link-preview's public module for other features (docs/ARCHITECTURE.md, "Feature
 * boundaries"): page copies fetch through the same guard.
 */

/** Why a URL was refused (never fetched). */
export type RefusalReason =
  'invalid-url' | 'scheme' | 'credentials' | 'private-hostname' | 'private-address';

/** The guard refused to fetch a URL: it names something Nestmark must not reach. */
export class RefusedUrlError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedUrlError';
  }
}

/**
 * What went wrong with a fetch that was allowed, for callers that tell the user why:
 * - timeout: the guard's time limit per fetch ran out (connecting, waiting or reading);
 * - too_large: the body is over the caller's `maxBytes`;
 * - http_status: the final answer is not a 2xx (`status` says which);
 * - redirects: a redirect without a target, or more than `maxRedirects`;
 * - unresolved: the host name has no address;
 * - network: the connection failed or broke, or the caller's signal ended the fetch.
 */
export type FetchFailureKind =
  'timeout' | 'too_large' | 'http_status' | 'redirects' | 'unresolved' | 'network';

/** The fetch was allowed but did not succeed: network error, timeout, HTTP error, too large. */
export class FetchFailedError extends Error {
  /** The HTTP status of the final response, when the server answered with an error. */
  readonly status: number | undefined;
  /** Whether trying again later could succeed: network trouble, timeouts, 5xx, 408, 425, 429. */
  readonly transient: boolean;
  /** Why it failed; 'http_status' whenever `status` is set. */
  readonly kind: FetchFailureKind;
  /** For 'too_large': the limit the body went over, in bytes. */
  readonly maxBytes: number | undefined;

  constructor(
    message: string,
    options: {
      cause?: unknown;
      status?: number;
      permanent?: boolean;
      kind?: FetchFailureKind;
      maxBytes?: number;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'FetchFailedError';
    this.status = options.status;
    this.maxBytes = options.maxBytes;
    this.kind = options.status === undefined ? (options.kind ?? 'network') : 'http_status';
    const status = options.status;
    this.transient =
      !options.permanent &&
      (status === undefined || status >= 500 || [408, 425, 429].includes(status));
  }
}

/** A fetched resource, body read whole. */
export interface FetchedResource {
  /** The URL finally answered, after redirects. */
  url: string;
  status: number;
  /** Media type without parameters, lower case (`text/html`); null when absent. */
  mediaType: string | null;
  /** The `charset` parameter of Content-Type, when present. */
  charset: string | null;
  body: Buffer;
}

export interface FetchOptions {
  /** The Accept header. */
  accept: string;
  /**
   * Largest body accepted, in bytes, or a function of the response's media type (lower case,
   * without parameters; null when absent) that gives it; a longer body fails the fetch.
   */
  maxBytes: number | ((mediaType: string | null) => number);
  /**
   * Ends the fetch when aborted (a caller's budget for several fetches); the guard's own time
   * limit per fetch applies as well.
   */
  signal?: AbortSignal;
}

export interface LinkFetcher {
  /**
   * Checks a URL before anything is requested: http(s), no credentials, a host that is not
   * private by name, and a public address for every DNS answer (the connect-time check repeats
   * this for the addresses actually used). @throws RefusedUrlError; FetchFailedError when the
   * name does not resolve.
   */
  check(url: string): Promise<URL>;
  /**
   * GETs a URL through the guard, following up to `maxRedirects` redirects, each checked.
   * @throws RefusedUrlError for a refused URL or redirect target; FetchFailedError otherwise.
   */
  fetch(url: string, options: FetchOptions): Promise<FetchedResource>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/** Resolves a host name to every address it has (like `dns.lookup` with `all: true`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedFetcherOptions {
  /**
   * TEST ONLY: an extra address the guard lets through (a local test server on 127.0.0.1:port).
   * Set only by code that composes the app for tests; no configuration reaches it.
   */
  allowAddress?: (address: string, port: number) => boolean;
  /** DNS resolution; tests inject answers. Default: the system resolver. */
  resolve?: Resolver;
  /** Time limit of one fetch, redirects and body included, in ms. Default 10 s. */
  timeoutMs?: number;
  /** Most redirects followed. Default 5. */
  maxRedirects?: number;
}

const systemResolve: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; Nestmark link preview)';

/** Port of a URL or a connection, with the scheme's default. */
function portOf(port: string, protocol: string): number {
  return port ? Number(port) : protocol === 'https:' ? 443 : 80;
}

/** The SSRF-guarded fetcher (see the module comment). */
export function createGuardedFetcher(options: GuardedFetcherOptions = {}): LinkFetcher {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const allowed = (address: string, port: number) =>
    isPublicAddress(address) || options.allowAddress?.(address, port) === true;

  function refuseAddress(host: string, address: string): RefusedUrlError {
    return new RefusedUrlError(
      'private-address',
      `${host} is a private or reserved address (${address}).`,
    );
  }

  /** Every address of `hostname`, or a refusal when any one of them may not be reached. */
  async function resolveAllowed(hostname: string, port: number): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      // A name that does not exist stays so; other lookup failures (EAI_AGAIN) may pass.
      const permanent = (error as NodeJS.ErrnoException).code === 'ENOTFOUND';
      throw new FetchFailedError(`${hostname} could not be resolved.`, {
        cause: error,
        permanent,
        kind: 'unresolved',
      });
    }
    if (addresses.length === 0) {
      throw new FetchFailedError(`${hostname} has no address.`, { kind: 'unresolved' });
    }
    const refused = addresses.find((entry) => !allowed(entry.address, port));
    if (refused) throw refuseAddress(hostname, refused.address);
    return addresses;
  }

  /**
   * The connection pool, made with the first fetch: undici loads then rather than at start
   * (OPERATIONS.md#start-time-and-memory). The connect-time check: `lookup` is handed to
   * net/tls.connect, so the addresses checked are the addresses connected to; IP literals never
   * reach a lookup and are checked here.
   */
  async function createPool(): Promise<{ agent: Agent; request: typeof request }> {
    const undici = await import('undici');
    const { buildConnector } = undici;
    const connectTimeout = Math.min(timeoutMs, 10_000);
    const connectLiteral = buildConnector({ timeout: connectTimeout });
    const guardedConnect: buildConnector.connector = (connectOptions, callback) => {
      const host = connectOptions.hostname;
      const port = portOf(connectOptions.port, connectOptions.protocol);
      if (isIP(host)) {
        if (!allowed(host, port)) return callback(refuseAddress(host, host), null);
        return connectLiteral(connectOptions, callback);
      }
      if (isPrivateHostname(host)) {
        return callback(
          new RefusedUrlError('private-hostname', `${host} is a private name.`),
          null,
        );
      }
      const lookup: LookupFunction = (hostname, lookupOptions, done) => {
        resolveAllowed(hostname, port).then(
          (addresses) => {
            if (lookupOptions.all) done(null, addresses);
            else done(null, addresses[0]!.address, addresses[0]!.family);
          },
          (error: unknown) => done(error as NodeJS.ErrnoException, ''),
        );
      };
      return buildConnector({ timeout: connectTimeout, lookup })(connectOptions, callback);
    };
    const agent = new undici.Agent({
      connect: guardedConnect,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
      connections: 8,
    });
    return { agent, request: undici.request };
  }
  let pool: ReturnType<typeof createPool> | undefined;

  async function check(raw: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RefusedUrlError('invalid-url', 'Not a valid URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RefusedUrlError(
        'scheme',
        `Only http and https links are fetched, not ${url.protocol}`,
      );
    }
    if (url.username || url.password) {
      throw new RefusedUrlError(
        'credentials',
        'Links with a user name or password are not fetched.',
      );
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = portOf(url.port, url.protocol);
    if (isIP(host)) {
      if (!allowed(host, port)) throw refuseAddress(host, host);
    } else if (isPrivateHostname(host)) {
      throw new RefusedUrlError('private-hostname', `${host} is a private name.`);
    } else {
      await resolveAllowed(host, port);
    }
    return url;
  }

  /** Reads a body up to `maxBytes`; leaving the loop early aborts the download. */
  async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) {
        throw new FetchFailedError(`The response is larger than ${maxBytes} bytes.`, {
          permanent: true,
          kind: 'too_large',
          maxBytes,
        });
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }

  async function fetchOnce(
    { agent, request }: Awaited<ReturnType<typeof createPool>>,
    url: URL,
    fetchOptions: FetchOptions,
    signal: AbortSignal,
    limit: AbortSignal,
  ) {
    try {
      return await request(url, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: { accept: fetchOptions.accept, 'user-agent': USER_AGENT },
      });
    } catch (error) {
      // A refusal at connect time arrives wrapped by undici; keep it a refusal.
      const refusal = findRefusal(error);
      if (refusal) throw refusal;
      throw new FetchFailedError(`${url.host} could not be fetched.`, {
        cause: error,
        kind: failureKindOf(error, limit),
      });
    }
  }

  return {
    check,

    async fetch(raw, fetchOptions) {
      // Before the time limit starts; undici failing to load is not a failed fetch.
      const connections = await (pool ??= createPool());
      const limit = AbortSignal.timeout(timeoutMs);
      const signal = fetchOptions.signal ? AbortSignal.any([limit, fetchOptions.signal]) : limit;
      let url = await check(raw);
      for (let redirects = 0; ; redirects++) {
        const response = await fetchOnce(connections, url, fetchOptions, signal, limit);
        const { statusCode, headers, body } = response;
        if (REDIRECT_STATUSES.has(statusCode)) {
          discard(body);
          const location = headers.location;
          if (typeof location !== 'string') {
            throw new FetchFailedError('A redirect without a target.', {
              permanent: true,
              kind: 'redirects',
            });
          }
          if (redirects >= maxRedirects) {
            throw new FetchFailedError(`More than ${maxRedirects} redirects.`, {
              permanent: true,
              kind: 'redirects',
            });
          }
          url = await check(new URL(location, url).href);
          continue;
        }
        if (statusCode < 200 || statusCode >= 300) {
          discard(body);
          throw new FetchFailedError(`${url.host} answered ${statusCode}.`, { status: statusCode });
        }
        const contentType = String(headers['content-type'] ?? '');
        const [type = '', ...parameters] = contentType.split(';');
        const mediaType = type.trim().toLowerCase() || null;
        const maxBytes =
          typeof fetchOptions.maxBytes === 'number'
            ? fetchOptions.maxBytes
            : fetchOptions.maxBytes(mediaType);
        const length = Number(headers['content-length']);
        if (length > maxBytes) {
          discard(body);
          throw new FetchFailedError(`The response is larger than ${maxBytes} bytes.`, {
            permanent: true,
            kind: 'too_large',
            maxBytes,
          });
        }
        let bytes: Buffer;
        try {
          bytes = await readCapped(body, maxBytes);
        } catch (error) {
          if (error instanceof FetchFailedError) throw error;
          throw new FetchFailedError(`${url.host} could not be read.`, {
            cause: error,
            kind: failureKindOf(error, limit),
          });
        }
        const charset = parameters
          .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)/i.exec(parameter)?.[1])
          .find(Boolean);
        return {
          url: url.href,
          status: statusCode,
          mediaType,
          charset: charset ?? null,
          body: bytes,
        };
      }
    },

    async close() {
      // A pool that failed to load has nothing to close.
      await (await pool?.catch(() => undefined))?.agent.close();
    },
  };
}

/** Drops a response body unread (its abort error has nobody to tell). */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): void }) {
  body.on('error', () => {});
  body.destroy();
}

/** undici's errors for its own time limits (connecting, the headers, the body). */
const UNDICI_TIMEOUTS = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * 'timeout' when the fetch's time limit (`limit`) ran out or undici's own timers (set to the
 * same limit) fired, anywhere in the cause chain; 'network' otherwise.
 */
function failureKindOf(error: unknown, limit: AbortSignal): FetchFailureKind {
  if (limit.aborted) return 'timeout';
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNDICI_TIMEOUTS.has(code)) return 'timeout';
  }
  return 'network';
}

/** The RefusedUrlError somewhere in an error's cause chain. */
function findRefusal(error: unknown): RefusedUrlError | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof RefusedUrlError) return current;
  }
  return undefined;
}
