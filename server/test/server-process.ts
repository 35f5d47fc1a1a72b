import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The owner account a server process starts with. */
export const PROCESS_OWNER = { email: 'owner@process.test', password: 'process-owner-password' };

/**
 * Nestmark running as its own process: from source (`node --import tsx server/main.ts`) or, as in
 * production, the build (`node dist/server/main.js`, after `npm run build:server`).
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Its peak resident memory so far, in bytes (Linux `VmHWM`). */
  peakRss(): number;
  /** SIGKILL (`hard`) or SIGTERM, and wait until it is gone. */
  stop(hard?: boolean): Promise<void>;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `port` with its data in `dataDir` (SQLite there unless `databaseUrl`) and
 * the owner {@link PROCESS_OWNER}; resolves once `GET /api/health` answers.
 * @param options.entry `source` (default) or `build`.
 * @param options.rateLimitPerMinute `RATE_LIMIT_PER_MINUTE`; default 0 (off), as in the test
 *   app: tests and benchmarks poll faster than a person clicks.
 * @param options.importMaxMb `IMPORT_MAX_MB`; default the server's.
 * @param options.env further settings (`JWT_SECRET`, `FILE_STORE`, …), over the ones above.
 * @param options.localSitesPort runs `server/test/local-sites-server.ts` from source instead: its
 *   link previews reach the local sites (local-sites.ts) served on this port.
 */
export async function startServerProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  entry?: 'source' | 'build';
  rateLimitPerMinute?: number;
  importMaxMb?: number;
  env?: Record<string, string>;
  localSitesPort?: number;
}): Promise<ServerProcess> {
  const args =
    options.localSitesPort !== undefined
      ? ['--import', 'tsx', 'server/test/local-sites-server.ts']
      : options.entry === 'build'
        ? ['dist/server/main.js']
        : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
      RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute ?? 0),
      ...(options.importMaxMb && { IMPORT_MAX_MB: String(options.importMaxMb) }),
      OWNER_EMAIL: PROCESS_OWNER.email,
      OWNER_PASSWORD: PROCESS_OWNER.password,
      LOG_LEVEL: 'warn',
      ...(options.localSitesPort !== undefined && {
        NESTMARK_TEST_SITES_PORT: String(options.localSitesPort),
      }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    peakRss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async stop(hard = false) {
      if (child.exitCode === null && child.signalCode === null)
        child.kill(hard ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
  // Polled often, so that the start benchmark (bench/scenarios/start.ts) sees the first answer.
  for (let attempt = 0; attempt < 3000; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  await server.stop(true);
  throw new Error(`the server did not start: ${output}`);
}

/** Signs the process's owner in (at `server.url`: the process, or a proxy before it); resolves to an access token. */
export async function signInOwner(server: Pick<ServerProcess, 'url'>): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROCESS_OWNER),
  });
  const body = (await response.json()) as { data: { token: { access_token: string } } };
  return body.data.token.access_token;
}
