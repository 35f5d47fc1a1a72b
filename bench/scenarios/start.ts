import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DialectName } from '../../server/db/dialect.ts';
import { openFreshDatabase } from '../../server/test/fresh-database.ts';
import { freePort, startServerProcess } from '../../server/test/server-process.ts';
import { buildProduction, percentile, type Scenario } from '../harness.ts';

/** Goals of issue 14 (docs/OPERATIONS.md#start-time-and-memory), on SQLite. */
const GOAL_FIRST_HEALTH_MS = 500;
const GOAL_IDLE_RSS_MB = 90;

/** Starts measured per database, after one start that creates and migrates the database. */
const STARTS = 5;
/** When the process's RSS is read after its first health answer: just started, then idle. */
const STARTED_MS = 2_000;
/**
 * V8 lets go of the young generation it grew while the modules loaded (16 MB) once the process
 * has allocated little for about 8 s (its memory reducer): an idle server is measured after that.
 */
const IDLE_MS = 20_000;

/** A field of `/proc/<pid>/status` in MB (`VmRSS`, `VmHWM`). */
function statusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
}

/** CPU time (user and system, all threads) a process has used so far, in ms. */
function cpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Measured {
  firstHealthMs: number;
  cpuMs: number;
  startedRssMb: number;
  idleRssMb: number;
}

/** One start on an existing database: spawn → first health 200, then RSS just started and idle. */
async function startOnce(dataDir: string, databaseUrl: string | undefined): Promise<Measured> {
  const start = performance.now();
  const server = await startServerProcess({
    port: await freePort(),
    dataDir,
    databaseUrl,
    entry: 'build',
  });
  try {
    const firstHealthMs = performance.now() - start;
    const pid = server.child.pid!;
    const cpu = cpuMs(pid);
    await sleep(STARTED_MS);
    const startedRssMb = statusMb(pid, 'VmRSS');
    await sleep(IDLE_MS - STARTED_MS);
    return { firstHealthMs, cpuMs: cpu, startedRssMb, idleRssMb: statusMb(pid, 'VmRSS') };
  } finally {
    await server.stop();
  }
}

async function measure(dialect: DialectName): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), `nestmark-bench-start-${dialect}-`));
  const postgres = dialect === 'postgres' ? await openFreshDatabase('postgres') : undefined;
  try {
    // The first start migrates a fresh database and creates the owner: not measured.
    await startOnce(dataDir, postgres?.url);
    const runs: Measured[] = [];
    for (let i = 0; i < STARTS; i++) runs.push(await startOnce(dataDir, postgres?.url));
    return runs;
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `start`: the built server (as `npm start` runs it) started again and again on an existing
 * database, as when an instance is added or restarted: time until `GET /api/health` first answers
 * 200, and resident memory once it has been idle.
 */
export const startScenario: Scenario = {
  description: `${STARTS} starts of the built server on an existing database: time to the first health 200, idle RSS`,
  async run({ dialects }) {
    buildProduction();
    const rows: (string | number)[][] = [];
    for (const dialect of dialects) {
      const runs = await measure(dialect);
      const column = (pick: (run: Measured) => number) => runs.map(pick);
      const medianMax = (values: number[]) =>
        `${Math.round(percentile(values, 50))}/${Math.round(Math.max(...values))}`;
      const sqlite = dialect === 'sqlite';
      rows.push([
        dialect,
        medianMax(column((run) => run.firstHealthMs)),
        sqlite ? GOAL_FIRST_HEALTH_MS : '-',
        medianMax(column((run) => run.cpuMs)),
        medianMax(column((run) => run.startedRssMb)),
        medianMax(column((run) => run.idleRssMb)),
        sqlite ? GOAL_IDLE_RSS_MB : '-',
      ]);
    }
    return [
      {
        title: 'start: spawn → first GET /api/health 200, then idle',
        columns: [
          'database',
          'first health median/max ms',
          'goal ms',
          'CPU median/max ms',
          `RSS at ${STARTED_MS / 1000} s median/max MB`,
          `idle RSS (${IDLE_MS / 1000} s) median/max MB`,
          'goal MB',
        ],
        rows,
        notes: [
          `Each database: one start that migrates it and creates the owner, then ${STARTS} measured starts`,
          'of the build (npm start) on it. first health: from spawning the process until GET /api/health',
          'first answers 200 (polled every 10 ms); CPU: user and system time the process used until then,',
          'which a loaded machine stretches less than the wall time; RSS: VmRSS that long after the first',
          'answer. V8 keeps the young generation it grew while loading until the process has allocated',
          `little for about 8 s: the idle figure, after ${IDLE_MS / 1000} s, is a server that has settled.`,
        ],
      },
    ];
  },
};
