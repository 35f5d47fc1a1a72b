import { execFileSync } from 'node:child_process';
import { on } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Faker, en } from '@faker-js/faker';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { DEFAULT_PREVIEW_LEASE_MS, type Config } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import type { DialectName } from '../server/db/dialect.ts';
import { hashPassword } from '../server/features/auth/passwords.ts';
import type { LinkFetcher } from '../server/features/link-preview/guarded-fetcher.ts';
import { insertUser } from '../server/features/users/users.repository.ts';
import { systemClock } from '../server/lib/clock.ts';
import { openFreshDatabase } from '../server/test/fresh-database.ts';
import type { ProbeRequest } from './probe-thread.ts';

/** Every benchmark draws its data from this seed, so two runs measure the same rows. */
export const SEED = 20261122;

/** A faker whose output depends only on `seed`. */
export function seededFaker(seed = SEED): Faker {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  return faker;
}

let built = false;

/**
 * Builds the server and the web app (`npm run build`) once per benchmark run, so that the
 * scenarios that start a server process measure what production runs. Its output goes to stderr,
 * away from the tables.
 */
export function buildProduction(): void {
  if (built) return;
  execFileSync('npm', ['run', 'build'], {
    cwd: fileURLToPath(new URL('../', import.meta.url)),
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  built = true;
}

/** One printed table: a title, column names, rows, and notes under it. */
export interface Table {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
}

/** A named measurement; `run` seeds its own data on each database it is given. */
export interface Scenario {
  description: string;
  run(options: { dialects: DialectName[] }): Promise<Table[]>;
}

/** A real HTTP server on 127.0.0.1 over a fresh, migrated database. */
export interface BenchServer {
  url: string;
  app: FastifyInstance;
  db: Db;
  dialect: DialectName;
  dataDir: string;
  /** Creates a user in the database and signs them in over HTTP; resolves to an access token. */
  signUp(email: string): Promise<{ userId: number; token: string }>;
  close(): Promise<void>;
}

/**
 * Starts Nestmark as in production (a SQLite file in WAL mode, or a fresh PostgreSQL database),
 * listening on a free port, request logging off. Overrides adjust the configuration; `fetcher`
 * replaces the SSRF-guarded one (local sites for the link preview benchmark).
 */
export async function startBenchServer(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  { fetcher }: { fetcher?: LinkFetcher } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `nestmark-bench-${dialect}-`));
  const { db, drop } = await openFreshDatabase(dialect, {
    sqliteFile: join(dataDir, 'nestmark.db'),
  });
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    appUrl: 'http://127.0.0.1',
    jwtSecret: 'benchmark-secret-that-is-long-enough',
    ownerEmail: undefined,
    ownerPassword: undefined,
    importMaxBytes: 1024 * 1024 * 1024,
    recycleBinDays: undefined,
    smtpUrl: undefined,
    mailFrom: undefined,
    trustProxy: false,
    uploadMaxBytes: 10 * 1024 * 1024,
    // Benchmarks measure the app, not the general rate limit.
    rateLimitPerMinute: 0,
    previewConcurrency: 4,
    previewLeaseMs: DEFAULT_PREVIEW_LEASE_MS,
    copyPageMaxBytes: 5 * 1024 * 1024,
    copyReadableMaxBytes: 1024 * 1024,
    copyPdfMaxBytes: 20 * 1024 * 1024,
    copiesAccountMaxBytes: 1024 * 1024 * 1024,
    copyConcurrency: 2,
    fileStore: 'disk',
    s3: undefined,
    logLevel: 'silent',
    metricsToken: undefined,
    ...overrides,
  };
  // Link previews would reach for the seeded URLs on the internet; a benchmark measures Nestmark,
  // and runs them itself (`app.previews.drain()`) when it measures them.
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    logging: false,
    fetcher,
    backgroundPreviews: false,
    backgroundCopies: false,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    db,
    dialect,
    dataDir,
    async signUp(email) {
      const password = 'benchmark-password';
      const user = await insertUser(db, {
        name: email,
        email,
        passwordHash: await hashPassword(password),
        permission: 7,
        now: new Date().toISOString(),
      });
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json()) as { data: { token: { access_token: string } } };
      return { userId: user.id, token: body.data.token.access_token };
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `p`-th percentile (0–100) of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Milliseconds `work` takes, and what it returns. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** A table as aligned plain text. */
export function formatTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(String))];
  const widths = table.columns.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return [
    table.title,
    line(table.columns),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
    ...(table.notes ?? []).map((note) => `  ${note}`),
  ].join('\n');
}

/**
 * Creates a second user through the owner, signs them in and gives them a list of their own (20
 * notes, Uncategorized), whose pages the probes of {@link probeOtherRequests} can ask for.
 * @returns their `authorization` header (a bearer access token).
 */
export async function signUpOther(
  url: string,
  ownerToken: string,
): Promise<{ authorization: string }> {
  const user = { name: 'Other', email: 'other@bench.test', password: 'other-user-password' };
  const created = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!created.ok) throw new Error(`creating the other user: ${created.status}`);
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json()) as { data: { token: { access_token: string } } };
  const other = { authorization: `Bearer ${body.data.token.access_token}` };
  for (let i = 0; i < 20; i++) {
    const note = await fetch(`${url}/api/posts`, {
      method: 'POST',
      headers: { ...other, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `A note of the other user, ${i}` }),
    });
    if (!note.ok) throw new Error(`a note of the other user: ${note.status}`);
  }
  return other;
}

/**
 * Sends each of `probes` (a request by name) over and over while background work runs, from a
 * thread of their own (probe-thread.ts), waiting 50 ms after each answer; resolves once the
 * first requests are sent. `stop()` ends them and resolves to the latencies (ms) of each, in
 * order; it throws if an answer failed.
 */
export async function probeOtherRequests<Name extends string>(
  probes: Record<Name, ProbeRequest>,
): Promise<{ stop(): Promise<Record<Name, number[]>> }> {
  // A thread has a module loader of its own, which the benchmark's tsx does not reach: the
  // TypeScript module is imported through tsx's API.
  const module = JSON.stringify(new URL('./probe-thread.ts', import.meta.url).href);
  const thread = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${module}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, workerData: probes },
  );
  const messages = on(thread, 'message');
  const next = async (): Promise<unknown> => {
    const message = (await messages.next()) as IteratorResult<[unknown]>;
    if (message.done) throw new Error('the probe thread ended');
    return message.value[0];
  };
  await next(); // started
  return {
    async stop() {
      thread.postMessage('stop');
      return (await next()) as Record<Name, number[]>;
    },
  };
}

/** `p99/max` of latencies in ms, rounded: the other-request columns of a table. */
export function p99AndMax(values: readonly number[]): string {
  return `${Math.round(percentile(values, 99))}/${Math.round(Math.max(...values))}`;
}
