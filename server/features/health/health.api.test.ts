import { mkdirSync, rmSync } from 'node:fs';
import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints } from '../../../contract/health.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { responseSerializerCompiler } from '../../http/serializer.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createDiskFileStore } from '../files/file-store-disk.ts';
import type { FileStore } from '../files/file-store.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { createHealthService, JOB_COUNTS_MAX_AGE_MS } from './health.service.ts';

/*
 * GET /api/health (docs/API.md): the database with its latency, the file store and the job
 * backlog; 503 naming what fails. The job counts are kept JOB_COUNTS_MAX_AGE_MS, so the tests
 * move the clock past that before they expect a new count.
 */

let t: TestApp;
let ada: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createUser();
});
afterAll(() => t.close());

const health = () => t.call(healthEndpoints.health);
const jobs = async () => {
  t.clock.advance(JOB_COUNTS_MAX_AGE_MS);
  const res = await health();
  expect(res.status).toBe(200);
  return res.body.data.checks.jobs;
};

describe('GET /api/health', () => {
  it('reports the database with its latency, the file store and an empty backlog', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        status: 'ok',
        checks: {
          database: { status: 'ok', latency_ms: expect.any(Number) },
          file_store: { status: 'ok' },
          jobs: { previews_pending: 0, imports_running: 0 },
        },
      },
    });
    expect(res.body.data.checks.database.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('counts pending link previews outside the recycle bin, a few seconds late at most', async () => {
    const as = createAs(t, ada);
    const link = await as.post({ content: 'https://example.com/health' });
    await as.post({ content: '<p>A note has no preview</p>' });
    expect(link.preview_status).toBe('pending');
    // Counted before the post was saved, and kept for JOB_COUNTS_MAX_AGE_MS.
    expect((await health()).body.data.checks.jobs.previews_pending).toBe(0);
    expect(await jobs()).toEqual({ previews_pending: 1, imports_running: 0 });

    await t.call(postEndpoints.delete, { token: ada.token, params: { id: link.id } });
    expect((await jobs()).previews_pending).toBe(0);
  });

  it('counts running imports', async () => {
    const now = t.clock().toISOString();
    await t.db
      .insertInto('import_jobs')
      .values({
        user_id: ada.id,
        runner_id: 'another-process',
        status: 'running',
        phase: 'reading',
        file_name: 'bookmarks.html',
        format: 'netscape',
        duplicates: 'skip',
        bytes_total: 100,
        bytes_read: 0,
        entries_read: 0,
        created: 0,
        heartbeat_at: now,
        created_at: now,
      })
      .execute();
    expect((await jobs()).imports_running).toBe(1);
    await t.db.updateTable('import_jobs').set({ status: 'failed' }).execute();
    expect((await jobs()).imports_running).toBe(0);
  });

  it('answers 503 naming the file store when it cannot be used', async () => {
    // On disk: its directory is gone; in the database: its table is.
    const [spoil, mend] =
      t.config.fileStore === 'database'
        ? [
            () =>
              sql`alter table stored_file_chunks rename to stored_file_chunks_away`.execute(t.db),
            () =>
              sql`alter table stored_file_chunks_away rename to stored_file_chunks`.execute(t.db),
          ]
        : [
            async () => rmSync(t.config.dataDir, { recursive: true, force: true }),
            async () => mkdirSync(t.config.dataDir, { recursive: true }),
          ];
    await spoil();
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.error).toEqual({
        code: 'UNAVAILABLE',
        message: 'The file store cannot be read or written.',
        fields: { file_store: ['cannot be read or written'] },
      });
    } finally {
      await mend();
    }
    expect((await health()).status).toBe(200);
  });
});

describe('GET /api/health when the database does not answer', () => {
  /** The health route alone, on a database whose connections all fail. */
  async function appWithoutDatabase(store: FileStore) {
    const db: Db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        },
      }),
    });
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ strict: true }));
    registerErrorHandler(app);
    const logged: string[] = [];
    registerHealthRoutes(
      app,
      createHealthService({
        db,
        clock: () => new Date(),
        store,
        log: (error, message) => logged.push(`${message}: ${(error as Error).message}`),
      }),
    );
    return { app, logged };
  }

  it('answers 503 naming the database, and logs why', async () => {
    const { app, logged } = await appWithoutDatabase(createDiskFileStore(t.config.dataDir));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The database does not answer.',
        fields: { database: ['does not answer'] },
      },
    });
    expect(logged).toEqual([
      'health check: the database does not answer: connect ECONNREFUSED 127.0.0.1:5432',
    ]);
    await app.close();
  });

  it('names both when the file store fails too', async () => {
    const broken: FileStore = {
      ...createDiskFileStore(t.config.dataDir),
      probe: () => Promise.reject(new Error('EROFS: read-only file system')),
    };
    const { app } = await appWithoutDatabase(broken);
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The database does not answer; the file store cannot be read or written.',
        fields: { database: ['does not answer'], file_store: ['cannot be read or written'] },
      },
    });
    await app.close();
  });
});
