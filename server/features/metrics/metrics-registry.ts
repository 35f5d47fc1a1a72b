import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUse, type Db } from '../../db/database.ts';
import type { HealthService, JobCounts } from '../health/health.service.ts';

/*
 * The one module that imports prom-client: metrics.routes.ts loads it only when METRICS_TOKEN is
 * set, so a process without metrics never loads the library (OPERATIONS.md#metrics).
 */

/** What the metrics read from the rest of the app. */
export interface MetricsSources {
  db: Db;
  /** Job counts from the database, shared with the health check (kept a few seconds). */
  health: Pick<HealthService, 'jobCounts'>;
  /** The preview worker's finished previews by outcome (`PreviewWorker.finished`). */
  previews: { readonly finished: Readonly<Record<string, number>> };
  /** Where a failed count is reported; the gauges then read NaN (unknown). */
  log: (error: unknown, message: string) => void;
}

export interface AppMetrics {
  /** Records one answered request: its route pattern (never the raw URL), method and status. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** The text exposition of every metric, and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

/** Request durations, in seconds: from a cached page (ms) to a large import's upload (s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A registry of its own (not prom-client's global one, so apps built side by side in one process
 * keep theirs apart) with Node's process metrics (CPU, memory, event loop lag, GC, handles),
 * request latency by route, the job backlog and, on PostgreSQL, the connection pool's use.
 */
export function createMetrics({ db, health, previews, log }: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'nestmark_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  /** The job counts of the scrape in progress (one count for every gauge); undefined if failed. */
  let scrape: Promise<JobCounts | undefined> = Promise.resolve(undefined);
  const jobCounts = () => scrape;
  const countJobs = () =>
    health.jobCounts().catch((error: unknown) => {
      log(error, 'metrics: the database did not answer the job counts');
      return undefined;
    });

  new Gauge({
    name: 'nestmark_preview_backlog',
    help: 'Link posts outside the recycle bin whose preview is still to be fetched (all processes; counted at most every 5 s).',
    registers: [registry],
    async collect() {
      this.set((await jobCounts())?.previewsPending ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'nestmark_preview_retrying',
    help: 'Of the preview backlog, the previews that failed for a passing reason and wait for their next try.',
    registers: [registry],
    async collect() {
      this.set((await jobCounts())?.previewsRetrying ?? Number.NaN);
    },
  });
  new Counter({
    name: 'nestmark_previews_finished_total',
    help: 'Link previews this process finished, by outcome: done, retried (a passing failure, tried again later) or failed (given up).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(previews.finished)) {
        this.inc({ outcome }, count);
      }
    },
  });
  new Gauge({
    name: 'nestmark_import_jobs',
    help: 'Bookmark import jobs in the database (all processes), by status: running, or failed (every failed import kept).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await jobCounts();
      this.set({ status: 'running' }, counts?.importsRunning ?? Number.NaN);
      this.set({ status: 'failed' }, counts?.importsFailed ?? Number.NaN);
    },
  });

  if (poolUse(db)) {
    const poolGauge = (
      name: string,
      help: string,
      read: (use: NonNullable<ReturnType<typeof poolUse>>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolUse(db)!));
        },
      });
    poolGauge(
      'nestmark_db_pool_connections',
      'PostgreSQL connections this process holds open (idle or in use).',
      (use) => use.total,
    );
    poolGauge(
      'nestmark_db_pool_idle_connections',
      'PostgreSQL connections open and idle.',
      (use) => use.idle,
    );
    poolGauge(
      'nestmark_db_pool_waiting_queries',
      'Queries waiting for a PostgreSQL connection because all are in use.',
      (use) => use.waiting,
    );
    poolGauge(
      'nestmark_db_pool_max_connections',
      'Most PostgreSQL connections this process opens.',
      (use) => use.max,
    );
  }

  return {
    observeRequest(route, method, statusCode, seconds) {
      requests.observe({ route, method, status_code: statusCode }, seconds);
    },
    async render() {
      scrape = countJobs();
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
