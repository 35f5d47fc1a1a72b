import type { Command } from 'commander';
import { CliFailure, withServices, type CliIo } from './cli-io.ts';

/** `nestmark migrate | doctor` (docs/OPERATIONS.md). */
export function registerMaintenanceCommands(program: Command, io: CliIo): void {
  const print = (line: string) => io.stdout.write(`${line}\n`);

  program
    .command('migrate')
    .description(
      'Bring the database schema up to date (the server does it at every start) and print which migrations ran.',
    )
    .action(() =>
      withServices(
        io,
        async ({ db, description }) => {
          const { migrateToLatest } = await import('../db/migrate.ts');
          const ran = await migrateToLatest(db);
          if (ran.length === 0) print(`${description}: the schema is up to date; nothing to run.`);
          for (const name of ran) print(`Ran ${name}`);
        },
        { migrate: false },
      ),
    );

  program
    .command('doctor')
    .description(
      'Check the configuration, the data directory and file store, the database connection and its schema; prints one OK or PROBLEM line each, and exits with 1 on a problem.',
    )
    .action(async () => {
      const { diagnose } = await import('./doctor.ts');
      const findings = await diagnose();
      for (const { ok, subject, detail } of findings) {
        print(`${ok ? 'OK     ' : 'PROBLEM'}  ${subject}: ${detail.replace(/\s*\n\s*/g, ' ')}`);
      }
      const problems = findings.filter((finding) => !finding.ok).length;
      if (problems > 0) throw new CliFailure(`${problems} problem(s) found.`);
    });
}
