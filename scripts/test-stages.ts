import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/*
 * The test run in stages (README "Test it", CONTRIBUTING.md): each stage is one package.json
 * script, run in turn; each prints its name and how long it took, a table sums them up at the end,
 * and the first stage that fails ends the run with its exit code.
 *
 *   tsx scripts/test-stages.ts              every stage of `npm test`, in order
 *   tsx scripts/test-stages.ts fast         the inner loop (`npm run test:fast`)
 *   tsx scripts/test-stages.ts unit e2e     the stages named, in the order given
 */

interface Stage {
  title: string;
  /** The package.json script that runs it. */
  script: string;
  env?: Record<string, string>;
}

const STAGES: Record<string, Stage> = {
  static: { title: 'static checks (types, lint, format)', script: 'test:static' },
  unit: { title: 'unit, web and SQLite API tests', script: 'test:unit' },
  postgres: { title: 'PostgreSQL API tests', script: 'test:postgres' },
  cluster: { title: 'two server processes on one PostgreSQL database', script: 'test:cluster' },
  e2e: { title: 'browser journeys (build, Playwright)', script: 'test:e2e' },
  // The slow suites are listed in vitest.config.ts.
  fast: {
    title: 'unit, web and SQLite API tests without the slow suites',
    script: 'test:unit',
    env: { NESTMARK_FAST_TESTS: '1' },
  },
};

/** What `npm test` runs. */
const ALL = ['static', 'unit', 'postgres', 'cluster', 'e2e'];

const out = (text: string) => process.stdout.write(`${text}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const names = process.argv.length > 2 ? process.argv.slice(2) : ALL;
const unknown = names.filter((name) => !(name in STAGES));
if (unknown.length > 0) {
  out(`Unknown stage ${unknown.join(', ')}; the stages are ${Object.keys(STAGES).join(', ')}.`);
  process.exit(2);
}

const results: { stage: Stage; ms?: number; status?: number }[] = names.map((name) => ({
  stage: STAGES[name]!,
}));
let failed: number | undefined;
for (const result of results) {
  const { title, script, env } = result.stage;
  out(`\n=== ${title}: npm run ${script}`);
  const start = performance.now();
  const run = spawnSync('npm', ['run', script], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  result.ms = performance.now() - start;
  result.status = run.status ?? 1;
  out(`=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(result.ms)}`);
  if (result.status !== 0) {
    failed = result.status;
    break;
  }
}

const width = Math.max(...results.map(({ stage }) => stage.title.length));
out(`\n${'stage'.padEnd(width)}  result   time`);
for (const { stage, ms, status } of results) {
  const state = status === undefined ? 'not run' : status === 0 ? 'passed ' : 'FAILED ';
  out(`${stage.title.padEnd(width)}  ${state}  ${ms === undefined ? '' : seconds(ms).padStart(8)}`);
}
const total = results.reduce((sum, { ms }) => sum + (ms ?? 0), 0);
out(`${'total'.padEnd(width)}           ${seconds(total).padStart(8)}`);
process.exit(failed ?? 0);
