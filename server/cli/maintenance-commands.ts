import { Option, type Command } from 'commander';
import { fileStoreKinds, type FileStoreKind } from '../config.ts';
import { CliFailure, withServices, type CliIo } from './cli-io.ts';

/** `nestmark migrate | doctor | copy-files` (docs/OPERATIONS.md). */
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

  const storeOption = (flag: string, description: string) =>
    new Option(`${flag} <store>`, description).choices(fileStoreKinds).makeOptionMandatory();

  program
    .command('copy-files')
    .description(
      'Copy every stored file (uploads, thumbnails, favicons) from one file store to another, before switching FILE_STORE; the files stay where they were.',
    )
    .addOption(storeOption('--from', 'the store the files are in now'))
    .addOption(storeOption('--to', 'the store to copy them to'))
    .action((options: { from: FileStoreKind; to: FileStoreKind }) =>
      withServices(io, async ({ config, db }) => {
        if (options.from === options.to) {
          throw new CliFailure('--from and --to name the same file store: nothing to copy.');
        }
        const { copyFiles, createFileStore } = await import('../features/files/file-store.ts');
        const { systemClock } = await import('../lib/clock.ts');
        const storeOf = (kind: FileStoreKind) =>
          createFileStore(kind, { dataDir: config.dataDir, db, clock: systemClock, s3: config.s3 });
        const copied = await copyFiles(await storeOf(options.from), await storeOf(options.to));
        print(
          `Copied ${copied.files + copied.favicons + copied.snapshots} files from ${options.from} to ${options.to} (files: ${copied.files}, favicons: ${copied.favicons}, snapshots: ${copied.snapshots}).`,
        );
      }),
    );
}
