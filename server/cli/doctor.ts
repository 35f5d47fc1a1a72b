import { loadConfig, type Config, type S3Settings } from '../config.ts';
import { openDatabase, pingDatabase, type DatabaseHandle, type Db } from '../db/database.ts';
import { migrationState } from '../db/migrate.ts';
import { createDatabaseFileStore } from '../features/files/file-store-database.ts';
import { createDiskFileStore } from '../features/files/file-store-disk.ts';
import { fileAreas, type FileStore } from '../features/files/file-store.ts';
import { systemClock } from '../lib/clock.ts';
import { randomId } from '../lib/random-token.ts';
import { describeError } from './cli-io.ts';

/** One line of `nestmark doctor`: what was checked and what was found. */
export interface Finding {
  ok: boolean;
  subject: string;
  detail: string;
}

/** Writes, reads back and removes a small file in each area of `store`. */
async function probeFileStore(store: FileStore): Promise<void> {
  const probe = Buffer.from('nestmark doctor');
  for (const area of fileAreas) {
    const name = `doctor-probe-${randomId(8)}`;
    await store.write(area, name, probe);
    const back = await store.read(area, name);
    await store.remove(area, name);
    if (!back?.equals(probe)) throw new Error(`a file written to ${area}/ read back different`);
  }
}

/** DATA_DIR takes files (the SQLite database, the generated secret, the disk file store). */
async function checkDataDirectory(config: Config): Promise<Finding> {
  try {
    await probeFileStore(createDiskFileStore(config.dataDir));
    return { ok: true, subject: 'data directory', detail: `${config.dataDir} is writable` };
  } catch (error) {
    return {
      ok: false,
      subject: 'data directory',
      detail: `${config.dataDir}: ${describeError(error)}`,
    };
  }
}

/** The database file store (FILE_STORE=database) takes, gives back and removes a file. */
async function checkDatabaseFileStore(db: Db): Promise<Finding> {
  try {
    await probeFileStore(createDatabaseFileStore(db, systemClock));
    return { ok: true, subject: 'file store', detail: 'the database keeps files' };
  } catch (error) {
    return { ok: false, subject: 'file store', detail: `database: ${describeError(error)}` };
  }
}

/**
 * The s3 file store (FILE_STORE=s3): its bucket answers, takes, gives back and removes a file.
 * The AWS SDK is loaded for this check only.
 */
async function checkS3FileStore(settings: S3Settings): Promise<Finding> {
  try {
    const { createS3FileStore } = await import('../features/files/file-store-s3.ts');
    await probeFileStore(await createS3FileStore(settings));
    return { ok: true, subject: 'file store', detail: `the bucket ${settings.bucket} keeps files` };
  } catch (error) {
    return { ok: false, subject: 'file store', detail: `s3: ${describeError(error)}` };
  }
}

/** How long the database may take to answer before `doctor` calls it unreachable. */
const DATABASE_TIMEOUT_MS = 10_000;

/** Rejects when `db` does not answer within DATABASE_TIMEOUT_MS. */
async function pingWithin(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS / 1000} s`)),
      DATABASE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([pingDatabase(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The schema against the migrations this release has. */
async function checkSchema(db: Db): Promise<Finding> {
  const { applied, pending } = await migrationState(db);
  if (pending.length === 0) {
    return {
      ok: true,
      subject: 'schema',
      detail: `up to date (${applied.length} migrations, latest ${applied.at(-1)})`,
    };
  }
  return {
    ok: false,
    subject: 'schema',
    detail: `${pending.length} migrations not run yet (${pending.join(', ')}): run "nestmark migrate", or start the server, which runs them`,
  };
}

/** The database's connection, then its schema. */
async function checkDatabase(config: Config): Promise<Finding[]> {
  let handle: DatabaseHandle | undefined;
  try {
    handle = openDatabase(config);
    await pingWithin(handle.db);
    const answers = { ok: true, subject: 'database', detail: `${handle.description} answers` };
    const schema = await checkSchema(handle.db);
    const files =
      schema.ok && config.fileStore === 'database' ? [await checkDatabaseFileStore(handle.db)] : [];
    return [answers, schema, ...files];
  } catch (error) {
    const where = handle?.description ?? 'the database';
    return [{ ok: false, subject: 'database', detail: `${where}: ${describeError(error)}` }];
  } finally {
    // Not awaited: a connection attempt that never answered would hold it up; main.ts ends the
    // process once the output is written.
    void handle?.db.destroy().catch(() => {});
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
    await checkDataDirectory(config),
    ...(await checkDatabase(config)),
    ...(config.fileStore === 's3' && config.s3 ? [await checkS3FileStore(config.s3)] : []),
  ];
}
