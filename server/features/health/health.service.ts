import { performance } from 'node:perf_hooks';
import type { Health } from '../../../contract/health.ts';
import { pingDatabase, type Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../files/file-store.ts';
import { countJobs, type JobCounts } from './health.repository.ts';

export type { JobCounts } from './health.repository.ts';

/**
 * How long counted jobs are reused. Load balancers and benchmarks poll health often (every 50 ms
 * during an import benchmark), and a count grows with the backlog; a backlog a few seconds old
 * tells an operator as much.
 */
export const JOB_COUNTS_MAX_AGE_MS = 5_000;

export interface HealthService {
  /**
   * Checks the database (a trivial query, timed) and the file store (readable and writable,
   * nothing written), and reports the job backlog (`jobCounts`). `GET /api/health`.
   * @throws AppError 503 `UNAVAILABLE` naming each failing check in `fields` (`database`,
   *   `file_store`); the reasons go to `log`, never to the client.
   */
  check(): Promise<Health>;
  /**
   * Background work in the database (every process's), counted at most every
   * JOB_COUNTS_MAX_AGE_MS; callers at the same time share one count. Rejects when the database
   * does not answer.
   */
  jobCounts(): Promise<JobCounts>;
}

export function createHealthService({
  db,
  clock,
  store,
  log,
}: {
  db: Db;
  clock: Clock;
  store: FileStore;
  log: (error: unknown, message: string) => void;
}): HealthService {
  let counted: { at: number; counts: Promise<JobCounts> } | undefined;

  function jobCounts(): Promise<JobCounts> {
    const now = clock().getTime();
    if (!counted || now - counted.at >= JOB_COUNTS_MAX_AGE_MS || now < counted.at) {
      const counts = countJobs(db);
      counted = { at: now, counts };
      // A failed count is not kept: the next caller counts again.
      counts.catch(() => {
        if (counted?.counts === counts) counted = undefined;
      });
    }
    return counted.counts;
  }

  async function timedPing(): Promise<number> {
    const started = performance.now();
    await pingDatabase(db);
    return Math.round((performance.now() - started) * 100) / 100;
  }

  return {
    jobCounts,
    async check() {
      const [database, fileStore] = await Promise.allSettled([timedPing(), store.probe()]);
      const failing: Record<string, string[]> = {};
      if (database.status === 'rejected') {
        log(database.reason, 'health check: the database does not answer');
        failing.database = ['does not answer'];
      }
      if (fileStore.status === 'rejected') {
        log(fileStore.reason, 'health check: the file store cannot be read or written');
        failing.file_store = ['cannot be read or written'];
      }
      let jobs: JobCounts | undefined;
      if (database.status === 'fulfilled') {
        try {
          jobs = await jobCounts();
        } catch (error) {
          log(error, 'health check: the database does not answer');
          failing.database = ['does not answer'];
        }
      }
      if (database.status === 'rejected' || fileStore.status === 'rejected' || !jobs) {
        throw new AppError(503, 'UNAVAILABLE', unavailableMessage(failing), failing);
      }
      return {
        status: 'ok',
        checks: {
          database: { status: 'ok', latency_ms: database.value },
          file_store: { status: 'ok' },
          jobs: {
            previews_pending: jobs.previewsPending,
            imports_running: jobs.importsRunning,
          },
        },
      };
    },
  };
}

/** "The database does not answer." / "The database does not answer; the file store …". */
function unavailableMessage(failing: Record<string, string[]>): string {
  const parts = [
    failing.database && 'the database does not answer',
    failing.file_store && 'the file store cannot be read or written',
  ].filter(Boolean);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
