import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomId } from '../../lib/random-token.ts';

/** The directories under DATA_DIR that hold files: user uploads and thumbnails, cached favicons. */
export type FileArea = 'files' | 'favicons';

/**
 * Files on local disk under `DATA_DIR/<area>/` (ARCHITECTURE.md#scaling-out: S3-compatible storage
 * when scaled out would implement the same interface). Names come from callers that validated
 * them; the store only refuses anything that could leave its directory.
 */
export interface FileStore {
  /** Writes atomically (temporary file, then rename), so readers never see half a file. */
  write(area: FileArea, name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when it does not exist. */
  read(area: FileArea, name: string): Promise<Buffer | undefined>;
  /** When the file was last written, or undefined when it does not exist. */
  modifiedAt(area: FileArea, name: string): Promise<Date | undefined>;
  remove(area: FileArea, name: string): Promise<void>;
  /**
   * Resolves when the store can be read and written, cheaply enough for every health check
   * (`GET /api/health`): it writes nothing. Rejects with the reason otherwise.
   */
  probe(): Promise<void>;
}

/** A name of letters, digits, `.`, `_` and `-`, not starting with a dot. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function createFileStore(dataDir: string): FileStore {
  function pathOf(area: FileArea, name: string): string {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe file name: ${name}`);
    return join(dataDir, area, name);
  }
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async write(area, name, bytes) {
      const path = pathOf(area, name);
      await mkdir(join(dataDir, area), { recursive: true });
      const temporary = `${path}.${randomId(8)}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async read(area, name) {
      try {
        return await readFile(pathOf(area, name));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async modifiedAt(area, name) {
      try {
        return (await stat(pathOf(area, name))).mtime;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(area, name) {
      await rm(pathOf(area, name), { force: true });
    },
    async probe() {
      // `files/` appears with the first stored image; until then `DATA_DIR` must take it.
      try {
        await access(join(dataDir, 'files'), constants.R_OK | constants.W_OK | constants.X_OK);
      } catch (error) {
        if (!missing(error)) throw error;
        await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
      }
    },
  };
}
