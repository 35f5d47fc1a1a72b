import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomId } from '../../lib/random-token.ts';
import { assertFileName, type FileArea, type FileStore } from './file-store.ts';

/** What a temporary file's name ends with while it is written. */
const TEMPORARY = '.tmp';

/**
 * Files on local disk under `DATA_DIR/<area>/` (`FILE_STORE=disk`, the default), each written to
 * a temporary file first and then renamed over the old one.
 */
export function createDiskFileStore(dataDir: string): FileStore {
  function pathOf(area: FileArea, name: string): string {
    assertFileName(name);
    return join(dataDir, area, name);
  }
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async write(area, name, bytes) {
      const path = pathOf(area, name);
      await mkdir(join(dataDir, area), { recursive: true });
      const temporary = `${path}.${randomId(8)}${TEMPORARY}`;
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
    async list(area) {
      try {
        const entries = await readdir(join(dataDir, area), { withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith(TEMPORARY))
          .map((entry) => entry.name);
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
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
