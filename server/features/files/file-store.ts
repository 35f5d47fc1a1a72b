/**
 * The files feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): where Nestmark keeps the files it stores, behind one interface with an adapter per
 * place (docs/OPERATIONS.md#files), chosen by `FILE_STORE`.
 */
import { ConfigError, type FileStoreKind, type S3Settings } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDatabaseFileStore } from './file-store-database.ts';
import { createDiskFileStore } from './file-store-disk.ts';

/**
 * The kinds of file, each kept apart: user uploads and thumbnails, cached favicons, and the
 * snapshots of page copies (the pages as fetched, gzip-compressed, named by post id;
 * PRODUCT.md#page-copies).
 */
export const fileAreas = ['files', 'favicons', 'snapshots'] as const;
export type FileArea = (typeof fileAreas)[number];

/**
 * Files by area and name. Names come from callers that validated them; every adapter refuses a
 * name that is not a plain file name (`assertFileName`).
 */
export interface FileStore {
  /**
   * Writes atomically, so readers never see half a file: the old bytes or the new ones. With
   * `options.transaction` (a transaction of the database the store was made with), a store that
   * keeps files in that database writes in it, so the file commits or rolls back with it (and a
   * write during the transaction cannot wait for the SQLite writer it holds); the other stores
   * write at once, and the caller removes the file when the transaction fails.
   */
  write(area: FileArea, name: string, bytes: Buffer, options?: { transaction?: Db }): Promise<void>;
  /** The file's bytes, or undefined when it does not exist. */
  read(area: FileArea, name: string): Promise<Buffer | undefined>;
  /** When the file was last written, or undefined when it does not exist. */
  modifiedAt(area: FileArea, name: string): Promise<Date | undefined>;
  /** Removes the file; nothing happens when it does not exist. */
  remove(area: FileArea, name: string): Promise<void>;
  /** The names of the files of `area`, in no particular order (moving files between stores). */
  list(area: FileArea): Promise<string[]>;
  /**
   * Resolves when the store can be read and written, cheaply enough for every health check
   * (`GET /api/health`): it writes nothing. Rejects with the reason otherwise.
   */
  probe(): Promise<void>;
}

/** A name of letters, digits, `.`, `_` and `-`, not starting with a dot. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** @throws Error for a name that is not a plain file name (it could leave a directory). */
export function assertFileName(name: string): void {
  if (!FILE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe file name: ${name}`);
}

/**
 * The file store of `kind`: on disk under `dataDir`, in `db`, or in the bucket of `s3` (the AWS
 * SDK is loaded for that kind only).
 * @throws ConfigError for the s3 store without its settings, or with a bucket it cannot use.
 */
export async function createFileStore(
  kind: FileStoreKind,
  { dataDir, db, clock, s3 }: { dataDir: string; db: Db; clock: Clock; s3: S3Settings | undefined },
): Promise<FileStore> {
  switch (kind) {
    case 'disk':
      return createDiskFileStore(dataDir);
    case 'database':
      return createDatabaseFileStore(db, clock);
    case 's3': {
      // Only `nestmark copy-files --to s3` gets here without them: loadConfig demands them
      // with FILE_STORE=s3.
      if (s3 === undefined) {
        throw new ConfigError(
          'Invalid configuration:\n  S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required for the s3 file store',
        );
      }
      const { createS3FileStore } = await import('./file-store-s3.ts');
      return createS3FileStore(s3);
    }
  }
}

/**
 * Copies every file of every area from `from` to `to` under the same names, one at a time,
 * replacing files of those names there and leaving `from` as it was: when the server changes
 * `FILE_STORE`, what was kept before is served again (docs/OPERATIONS.md#files). Copying again
 * is harmless. `onCopied` is told each file copied. @returns how many files each area had.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  onCopied?: (area: FileArea, name: string) => void,
): Promise<Record<FileArea, number>> {
  const copied = { files: 0, favicons: 0, snapshots: 0 };
  for (const area of fileAreas) {
    for (const name of await from.list(area)) {
      const bytes = await from.read(area, name);
      // Gone since it was listed (a purge): nothing to copy.
      if (bytes === undefined) continue;
      await to.write(area, name, bytes);
      copied[area] += 1;
      onCopied?.(area, name);
    }
  }
  return copied;
}
