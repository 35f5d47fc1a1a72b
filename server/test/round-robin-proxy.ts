import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The response header in which the proxy names the upstream that answered (its index). */
export const UPSTREAM_HEADER = 'x-test-upstream';

/**
 * A load balancer for tests, on 127.0.0.1: each request goes to the next upstream in turn
 * (round robin), so consecutive requests reach different server processes, as behind a proxy
 * without sticky sessions (docs/OPERATIONS.md, "Two instances behind a reverse proxy").
 */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests answered so far, per upstream (same order as the upstreams given). */
  served: number[];
  close(): Promise<void>;
}

/** The hop-by-hop headers a proxy does not pass on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

/**
 * Starts the proxy in front of `upstreams` (`http://127.0.0.1:<port>` each). A request's body is
 * read whole first, so that when an upstream refuses the connection (a process killed, nothing
 * listening) the same request goes to the next upstream: only a refused connection, which the
 * upstream never saw, is tried elsewhere, so no request is ever sent twice. An upstream that
 * fails after accepting the connection answers the client 502; so does every upstream refusing.
 * Each request opens its own connection (no keep-alive), so none is reused after a kill.
 * The answer carries {@link UPSTREAM_HEADER}, the index of the upstream that gave it.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const served = targets.map(() => 0);
  let next = 0;

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next;
      next = (next + 1) % targets.length;
      const attempt = (tried: number) => {
        if (tried === targets.length) {
          outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
          return;
        }
        const index = (first + tried) % targets.length;
        const target = targets[index]!;
        const upstream = forward(
          {
            hostname: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...passedOn(incoming.headers), 'content-length': String(body.length) },
            agent: false,
          },
          (response) => {
            served[index]! += 1;
            outgoing.writeHead(response.statusCode ?? 502, {
              ...passedOn(response.headers),
              [UPSTREAM_HEADER]: String(index),
            });
            response.pipe(outgoing);
            response.on('error', () => outgoing.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') attempt(tried + 1);
          else if (!outgoing.headersSent) outgoing.writeHead(502).end(error.message);
          else outgoing.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
