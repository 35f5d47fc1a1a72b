/**
 * `npm run bench [scenario…] [--sqlite-only]`: seeds data with a fixed seed, measures each
 * scenario in this one process, and prints one table per measurement. Figures from one run are
 * comparable with each other (ratios); absolute numbers vary with the machine.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DialectName } from '../server/db/dialect.ts';
import { TEST_POSTGRES_URL } from '../server/test/fresh-database.ts';
import { formatTable, type Scenario } from './harness.ts';
import { browseScenario } from './scenarios/browse.ts';
import { copiesScenario } from './scenarios/copies.ts';
import { countsScenario } from './scenarios/counts.ts';
import { importScenario } from './scenarios/import.ts';
import { listScenario } from './scenarios/list.ts';
import { loadScenario } from './scenarios/load.ts';
import { previewsScenario } from './scenarios/previews.ts';
import { searchScenario } from './scenarios/search.ts';
import { startScenario } from './scenarios/start.ts';

const scenarios: Record<string, Scenario> = {
  search: searchScenario,
  import: importScenario,
  list: listScenario,
  counts: countsScenario,
  browse: browseScenario,
  previews: previewsScenario,
  start: startScenario,
  copies: copiesScenario,
  load: loadScenario,
};

async function postgresAnswers(): Promise<boolean> {
  const db = new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 1 }),
    }),
  });
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !(name in scenarios));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`,
    );
  }
  const dialects: DialectName[] =
    args.includes('--sqlite-only') || !(await postgresAnswers())
      ? ['sqlite']
      : ['sqlite', 'postgres'];
  const out = (text: string) => process.stdout.write(`${text}\n`);
  // Two cores shared with other work: the load says how far figures of one run can be trusted.
  const load = () =>
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`;
  out(`Nestmark benchmark · node ${process.version} · databases: ${dialects.join(', ')}`);
  out(`${availableParallelism()} CPUs · ${load()} at the start\n`);
  for (const name of names.length > 0 ? names : Object.keys(scenarios)) {
    const scenario = scenarios[name]!;
    out(`== ${name}: ${scenario.description}`);
    for (const table of await scenario.run({ dialects })) out(`${formatTable(table)}\n`);
    out(`(${load()} at the end of ${name})\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
