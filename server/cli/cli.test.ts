import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrationState } from '../db/migrate.ts';
import { runCliProcess } from '../test/cli-process.ts';

// Usage errors are found before the configuration or the database is touched; DATA_DIR points
// at an empty directory all the same, so that a command that got further could not touch ./data.
const dataDir = mkdtempSync(join(tmpdir(), 'nestmark-cli-usage-'));
const env = { DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each test starts a few processes of about a second each (more on a loaded machine).
vi.setConfig({ testTimeout: 60_000 });

describe('nestmark command line: usage', () => {
  it('is the bin of the package, built where the build puts server/cli/main.ts', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
    const build = readFileSync('scripts/build-server.ts', 'utf8');
    expect(build).toContain("'cli/main': 'server/cli/main.ts'");
    expect(build).toContain("outdir: 'dist/server'");
    expect(pkg.bin).toEqual({ nestmark: 'dist/server/cli/main.js' });
    expect(readFileSync('server/cli/main.ts', 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('prints help for the program and for each command, with exit code 0', async () => {
    const help = await runCliProcess(['--help'], { env });
    expect(help.code).toBe(0);
    for (const command of ['user', 'import', 'export', 'backup', 'restore', 'migrate', 'doctor']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const importHelp = await runCliProcess(['import', '--help'], { env });
    expect(importHelp.code).toBe(0);
    expect(importHelp.stdout).toContain('Usage: nestmark import [options] <file>');
    for (const option of ['--user <email>', '--collection <id>', '--duplicates <mode>']) {
      expect(importHelp.stdout).toContain(option);
    }
    const createHelp = await runCliProcess(['user', 'create', '--help'], { env });
    expect(createHelp.stdout).toContain('--password-stdin');
  });

  it('refuses an unknown command or a missing command with exit code 2, naming it', async () => {
    const unknown = await runCliProcess(['frobnicate'], { env });
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("error: unknown command 'frobnicate'");

    const none = await runCliProcess([], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: nestmark [options] [command]');
  });

  it('refuses a missing required option or argument with exit code 2, naming it', async () => {
    const noEmail = await runCliProcess(['user', 'create', '--name', 'Ann'], { env });
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain("error: required option '--email <email>' not specified");

    const noFile = await runCliProcess(['restore', '--user', 'ann@example.com'], { env });
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain("error: missing required argument 'file'");
  });

  it('refuses a malformed collection id or email address with exit code 2, naming the option', async () => {
    const badId = await runCliProcess(
      ['import', 'bookmarks.html', '--user', 'ann@example.com', '--collection', '1.5'],
      { env },
    );
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain(
      "error: option '--collection <id>' argument '1.5' is invalid. A collection id is a whole number from 1 to 2147483647.",
    );

    const badEmail = await runCliProcess(['user', 'create', '--email', 'ann', '--name', 'Ann'], {
      env,
    });
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain(
      "error: option '--email <email>' argument 'ann' is invalid. Enter a valid email address.",
    );
  });
});

describe('nestmark migrate and doctor on a new SQLite data directory', () => {
  const fresh = { DATA_DIR: join(dataDir, 'fresh'), LOG_LEVEL: 'silent' };

  it('doctor finds the migrations not run; migrate runs them, printing each, then finds nothing to run', async () => {
    const before = await runCliProcess(['doctor'], { env: fresh });
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(
      /^PROBLEM {2}schema: \d+ migrations not run yet \(0001-initial, /m,
    );

    const first = await runCliProcess(['migrate'], { env: fresh });
    expect(first.code).toBe(0);
    const { db } = openDatabase({ dataDir: fresh.DATA_DIR, databaseUrl: undefined });
    const state = await migrationState(db);
    await db.destroy();
    expect(state.pending).toEqual([]);
    expect(first.stdout).toBe(state.applied.map((name) => `Ran ${name}\n`).join(''));

    const second = await runCliProcess(['migrate'], { env: fresh });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/: the schema is up to date; nothing to run\.\n$/);
  });

  it('doctor names a database it cannot reach and a bad setting, with exit code 1', async () => {
    const unreachable = await runCliProcess(['doctor'], {
      env: { ...fresh, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nestmark' },
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toMatch(
      /^PROBLEM {2}database: PostgreSQL 127\.0\.0\.1:1\/nestmark: .*ECONNREFUSED/m,
    );
    expect(unreachable.stderr).toBe('error: 1 problem(s) found.\n');

    const badSetting = await runCliProcess(['doctor'], {
      env: { ...fresh, DATABASE_URL: 'mysql://localhost/nestmark' },
    });
    expect(badSetting.code).toBe(1);
    expect(badSetting.stdout).toBe(
      'PROBLEM  configuration: Invalid configuration: DATABASE_URL: must be a postgres:// URL (leave it unset for SQLite)\n',
    );
  });
});
