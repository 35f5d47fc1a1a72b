import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { authEndpoints } from '../../contract/auth.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { buildApp } from '../app.ts';
import { DEFAULT_PREVIEW_LEASE_MS, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import type { LinkFetcher } from '../features/link-preview/guarded-fetcher.ts';
import { insertUser } from '../features/users/users.repository.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { createCall, type CallArgs, type CallResponse } from './api-client.ts';
import { openFreshDatabase } from './fresh-database.ts';
import { createFileStore, type FileStore } from '../features/files/file-store.ts';

export { multipartFile, type CallInput, type CallResponse } from './api-client.ts';

/** A clock tests can move. */
export interface TestClock {
  (): Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-01-15T10:00:00.000Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** A JSON response: status, parsed body and headers. */
export interface TestResponse {
  status: number;
  // Tests read arbitrary JSON; each assertion states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The body as bytes (files, images). */
  bytes: Buffer;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the database's URL, for another process on it (`DATABASE_URL`); SQLite: undefined. */
  databaseUrl: string | undefined;
  clock: TestClock;
  config: Config;
  /** The app's file store (its kind is `config.fileStore`), to look at or plant stored files. */
  store: FileStore;
  /**
   * Calls one contract endpoint, typed by the contract, e.g.
   * `t.call(postEndpoints.get, { token, params: { id }, query: { withTags: true } })`; see
   * `createCall` (server/test/api-client.ts) for the response and when to use `request` instead.
   */
  call<E extends Endpoint>(endpoint: E, ...input: CallArgs<E>): Promise<CallResponse<E>>;
  /**
   * Sends any request: `token` becomes the Bearer header; `body` is sent as JSON. Only for what
   * `call` cannot express: malformed input, raw payloads, routes outside the contract.
   */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      payload?: InjectOptions['payload'];
    },
  ): Promise<TestResponse>;
  /** Creates a user directly in the database and signs them in through the API. */
  createUser(options?: {
    email?: string;
    password?: string;
    permission?: number;
  }): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh, migrated database, driven through `app.inject`. Link previews and
 * page copies do not run by themselves: a test runs them with `app.previews.drain()` and
 * `app.pageCopies.drain()`; `fetcher` replaces the
 * SSRF-guarded one (e.g. with a test-only allowance for a local page server).
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    webRoot?: string;
    fetcher?: LinkFetcher;
    mailer?: Mailer;
    /** Turns request logging on (at `config.logLevel`), written as JSON lines here. */
    logStream?: { write(line: string): void };
    /**
     * SQLite: the database is the file `DATA_DIR/nestmark.db` (`config.dataDir`), where the
     * server and the command line open it, so that another process can use it too; default in
     * memory. (A PostgreSQL database is always reachable, at `databaseUrl`.)
     */
    sqliteFileInDataDir?: boolean;
  } = {},
): Promise<TestApp> {
  // NESTMARK_TEST_DB is set per Vitest project (vitest.config.ts).
  const dataDir = mkdtempSync(join(tmpdir(), 'nestmark-test-'));
  const {
    db,
    dialect,
    url: databaseUrl,
    drop,
  } = await openFreshDatabase(process.env.NESTMARK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite', {
    sqliteFile: options.sqliteFileInDataDir ? join(dataDir, 'nestmark.db') : undefined,
  });
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    appUrl: 'http://nestmark.test',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    ownerEmail: undefined,
    ownerPassword: undefined,
    importMaxBytes: 100 * 1024 * 1024,
    recycleBinDays: undefined,
    smtpUrl: undefined,
    mailFrom: undefined,
    trustProxy: false,
    uploadMaxBytes: 10 * 1024 * 1024,
    // Off unless a test turns it on (server/http/rate-limit.api.test.ts).
    rateLimitPerMinute: 0,
    previewConcurrency: 4,
    previewLeaseMs: DEFAULT_PREVIEW_LEASE_MS,
    copyPageMaxBytes: 5 * 1024 * 1024,
    copyReadableMaxBytes: 1024 * 1024,
    copyPdfMaxBytes: 20 * 1024 * 1024,
    copiesAccountMaxBytes: 1024 * 1024 * 1024,
    copyConcurrency: 2,
    // The PostgreSQL project runs the API tests on the database file store (vitest.config.ts).
    fileStore: process.env.NESTMARK_TEST_FILE_STORE === 'database' ? 'database' : 'disk',
    s3: undefined,
    logLevel: 'silent',
    metricsToken: undefined,
    ...options.config,
  };
  const clock = createTestClock();
  const store = await createFileStore(config.fileStore, { dataDir, db, clock, s3: config.s3 });
  const app = await buildApp({
    config,
    db,
    clock,
    webRoot: options.webRoot,
    logging: options.logStream !== undefined,
    logStream: options.logStream,
    fetcher: options.fetcher,
    mailer: options.mailer,
    backgroundPreviews: false,
    backgroundCopies: false,
    strictResponses: true,
  });
  let users = 0;

  const request: TestApp['request'] = async (method, url, options = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      ...(options.body !== undefined && { payload: options.body as InjectOptions['payload'] }),
      ...(options.payload !== undefined && { payload: options.payload }),
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return {
      status: response.statusCode,
      body: isJson ? response.json() : undefined,
      headers: response.headers,
      text: response.body,
      bytes: response.rawPayload,
    };
  };

  const call = createCall(request);

  return {
    app,
    db,
    dialect,
    databaseUrl,
    clock,
    config,
    store,
    request,
    call,
    async createUser(options = {}) {
      users += 1;
      const email = options.email ?? `user${users}@example.com`;
      const password = options.password ?? `password-${users}`;
      const user = await insertUser(db, {
        name: `User ${users}`,
        email,
        passwordHash: await hashPassword(password),
        permission: options.permission ?? 7,
        now: clock().toISOString(),
      });
      const login = await call(authEndpoints.login, { body: { email, password } });
      return { id: user.id, email, password, token: login.body.data.token.access_token };
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mailer that keeps what it is given, in order, for tests to read. */
export function createMailCatcher(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
