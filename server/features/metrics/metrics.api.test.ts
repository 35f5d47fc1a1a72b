import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postEndpoints } from '../../../contract/posts.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { JOB_COUNTS_MAX_AGE_MS } from '../health/health.service.ts';
import { FetchFailedError, type LinkFetcher } from '../link-preview/guarded-fetcher.ts';

/*
 * GET /metrics (docs/OPERATIONS.md, metrics): off unless METRICS_TOKEN is set, then Prometheus
 * text behind that bearer token, with request latency by route pattern, the job backlog and
 * failures, the PostgreSQL pool and Node's process metrics.
 */

// A child process loads the server (about 4 s of CPU); other work may keep the machine busy.
vi.setConfig({ testTimeout: 60_000 });

const TOKEN = 'metrics-token-for-the-tests';

/** The sample lines of `name` (`name{labels} value`) in a Prometheus text exposition. */
function samples(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('metrics off (METRICS_TOKEN unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 like any unknown path, also with a token', async () => {
    for (const token of [undefined, TOKEN]) {
      const res = await t.request('GET', '/metrics', { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /metrics.' },
      });
    }
  });

  it('never loads prom-client: a process without the token does not, one with it does', async () => {
    // A process of its own: this one may have loaded prom-client for another test.
    const script = `
      import { createRequire } from 'node:module';
      const { createTestApp } = await import('./server/test/test-app.ts');
      const cache = createRequire(process.cwd() + '/').cache;
      const loaded = () => Object.keys(cache).some((path) => path.includes('/node_modules/prom-client/'));
      const off = await createTestApp();
      await off.request('GET', '/metrics');
      await off.request('GET', '/api/health');
      const whenOff = loaded();
      await off.close();
      const on = await createTestApp({ config: { metricsToken: '${TOKEN}' } });
      const whenOn = loaded();
      await on.close();
      process.stdout.write(JSON.stringify({ whenOff, whenOn }));
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(output)).toEqual({ whenOff: false, whenOn: true });
  });
});

describe('metrics on (METRICS_TOKEN set)', () => {
  let t: TestApp;
  let ada: TestUser;
  /** Every link's page fails for good (a refused address would too): its preview fails. */
  const failingFetcher: LinkFetcher = {
    check: async (url) => new URL(url),
    fetch: () => Promise.reject(new FetchFailedError('gone', { status: 410, permanent: true })),
    close: async () => {},
  };
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN }, fetcher: failingFetcher });
    ada = await t.createUser();
  });
  afterAll(() => t.close());

  const scrape = () => t.request('GET', '/metrics', { token: TOKEN });

  it('refuses a scrape without the token or with another one: 401', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: 'Bearer x' },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.request('GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'The metrics need their bearer token.' },
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('times requests by route pattern, method and status, never by raw URL', async () => {
    const post = await createAs(t, ada).post({ content: '<p>Timed</p>' });
    const read = await t.call(postEndpoints.get, { token: ada.token, params: { id: post.id } });
    expect(read.status).toBe(200);
    const missing = await t.call(postEndpoints.get, { token: ada.token, params: { id: 999999 } });
    expect(missing.status).toBe(404);
    await t.request('GET', '/api/no/such/route');

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const counts = samples(res.text, 'nestmark_http_request_duration_seconds_count');
    expect(counts).toContain(
      'nestmark_http_request_duration_seconds_count{route="/api/posts/:id",method="GET",status_code="200"} 1',
    );
    expect(counts).toContain(
      'nestmark_http_request_duration_seconds_count{route="/api/posts/:id",method="GET",status_code="404"} 1',
    );
    expect(counts).toContain(
      'nestmark_http_request_duration_seconds_count{route="/api/posts",method="POST",status_code="201"} 1',
    );
    expect(counts).toContain(
      'nestmark_http_request_duration_seconds_count{route="(unmatched)",method="GET",status_code="404"} 1',
    );
    expect(
      samples(res.text, 'nestmark_http_request_duration_seconds_bucket').filter((line) =>
        line.includes('route="/api/posts/:id",method="GET",status_code="200"'),
      ),
    ).toHaveLength(12);
    expect(res.text).not.toContain(`/api/posts/${post.id}`);
    expect(res.text).not.toContain('/api/no/such/route');
    // The refused and the earlier scrapes are timed too.
    expect(
      counts.some((line) => line.includes('route="/metrics",method="GET",status_code="401"')),
    ).toBe(true);
  });

  it('reports the preview backlog, finished previews by outcome and import jobs', async () => {
    const as = createAs(t, ada);
    await as.post({ content: 'https://example.com/one' });
    await as.post({ content: 'https://example.com/two' });
    t.clock.advance(JOB_COUNTS_MAX_AGE_MS);
    let text = (await scrape()).text;
    expect(samples(text, 'nestmark_preview_backlog')).toEqual(['nestmark_preview_backlog 2']);
    expect(samples(text, 'nestmark_preview_retrying')).toEqual(['nestmark_preview_retrying 0']);
    expect(samples(text, 'nestmark_import_jobs')).toEqual([
      'nestmark_import_jobs{status="running"} 0',
      'nestmark_import_jobs{status="failed"} 0',
    ]);
    expect(samples(text, 'nestmark_previews_finished_total')).toContain(
      'nestmark_previews_finished_total{outcome="failed"} 0',
    );

    expect(await t.app.previews.drain()).toBe(2);
    t.clock.advance(JOB_COUNTS_MAX_AGE_MS);
    text = (await scrape()).text;
    expect(samples(text, 'nestmark_preview_backlog')).toEqual(['nestmark_preview_backlog 0']);
    expect(samples(text, 'nestmark_previews_finished_total')).toEqual([
      'nestmark_previews_finished_total{outcome="done"} 0',
      'nestmark_previews_finished_total{outcome="retried"} 0',
      'nestmark_previews_finished_total{outcome="failed"} 2',
    ]);
  });

  it("reports the PostgreSQL pool's use (SQLite has no pool) and the process metrics", async () => {
    const text = (await scrape()).text;
    const pool = [
      'nestmark_db_pool_connections',
      'nestmark_db_pool_idle_connections',
      'nestmark_db_pool_waiting_queries',
      'nestmark_db_pool_max_connections',
    ].map((name) => samples(text, name));
    if (t.dialect === 'postgres') {
      for (const lines of pool) expect(lines).toEqual([expect.stringMatching(/^\S+ \d+$/)]);
      expect(samples(text, 'nestmark_db_pool_max_connections')).toEqual([
        'nestmark_db_pool_max_connections 10',
      ]);
      const open = Number(samples(text, 'nestmark_db_pool_connections')[0]!.split(' ')[1]);
      expect(open).toBeGreaterThan(0);
    } else {
      for (const lines of pool) expect(lines).toEqual([]);
    }
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(samples(text, name), name).toHaveLength(1);
    }
  });
});
