import { loadConfig, type Config } from '../config.ts';
import { openDatabase, pingDatabase } from '../db/database.ts';
import { migrationState } from '../db/migrate.ts';
import { createFileStore, type FileArea } from '../features/files/file-store.ts';
import { randomId } from '../lib/random-token.ts';
import { describeError } from './cli-io.ts';

/** One line of `nestmark doctor`: what was checked and what was found. */
export interface Finding {
  ok: boolean;
  subject: string;
  detail: string;
}

const FILE_AREAS: FileArea[] = ['files', 'favicons'];

/** Writes, reads back and removes a small file in each area of the file store. */
async function checkFileStore(config: Config): Promise<Finding> {
  const store = createFileStore(config.dataDir);
  const probe = Buffer.from('nestmark doctor');
  try {
    for (const area of FILE_AREAS) {
      const name = `doctor-probe-${randomId(8)}`;
      await store.write(area, name, probe);
      const back = await store.read(area, name);
      await store.remove(area, name);
      if (!back?.equals(probe)) throw new Error(`a file written to ${area}/ read back different`);
    }
    return { ok: true, subject: 'data directory', detail: `${config.dataDir} is writable` };
  } catch (error) {
    return {
      ok: false,
      subject: 'data directory',
      detail: `${config.dataDir}: ${describeError(error)}`,
    };
  }
}

/** The database's connection, then its schema against the migrations this release has. */
async function checkDatabase(config: Config): Promise<Finding[]> {
  const { db, description } = openDatabase(config);
  try {
    try {
      await pingDatabase(db);
    } catch (error) {
      return [
        { ok: false, subject: 'database', detail: `${description}: ${describeError(error)}` },
      ];
    }
    const findings = [{ ok: true, subject: 'database', detail: `${description} answers` }];
    const { applied, pending } = await migrationState(db);
    findings.push(
      pending.length === 0
        ? {
            ok: true,
            subject: 'schema',
            detail: `up to date (${applied.length} migrations, latest ${applied.at(-1)})`,
          }
        : {
            ok: false,
            subject: 'schema',
            detail: `${pending.length} migrations not run yet (${pending.join(', ')}): run "nestmark migrate", or start the server, which runs them`,
          },
    );
    return findings;
  } finally {
    await db.destroy();
  }
}

/** Every finding of `doctor`, in order; the checks after a broken configuration are skipped. */
export async function diagnose(): Promise<Finding[]> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    return [{ ok: false, subject: 'configuration', detail: describeError(error) }];
  }
  const database = config.databaseUrl === undefined ? 'SQLite in DATA_DIR' : 'DATABASE_URL';
  return [
    {
      ok: true,
      subject: 'configuration',
      detail: `valid (DATA_DIR ${config.dataDir}, ${database})`,
    },
    await checkFileStore(config),
    ...(await checkDatabase(config)),
  ];
}
