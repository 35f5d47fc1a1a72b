import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertFileName, type FileStore } from './file-store.ts';
import {
  deleteStoredFile,
  findStoredFileWrittenAt,
  listStoredFileNames,
  probeStoredFiles,
  readStoredFileChunks,
  replaceStoredFile,
} from './stored-files.repository.ts';

/** Bytes per row of `stored_file_chunks` (migration 0018). */
export const CHUNK_BYTES = 256 * 1024;

/** `bytes` cut in CHUNK_BYTES pieces; an empty file is one empty chunk, so that it exists. */
function chunksOf(bytes: Buffer): Buffer[] {
  const count = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  return Array.from({ length: count }, (_, chunk) =>
    bytes.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES),
  );
}

/**
 * Files as rows of the database (`FILE_STORE=database`): every process on one PostgreSQL
 * database serves every file, with nothing else to run or mount. A file is its chunks of at most
 * CHUNK_BYTES, written in one transaction (readers see the old file or the new one, never a mix)
 * and read back in order.
 */
export function createDatabaseFileStore(db: Db, clock: Clock): FileStore {
  return {
    async write(area, name, bytes, options) {
      assertFileName(name);
      await replaceStoredFile(
        options?.transaction ?? db,
        area,
        name,
        chunksOf(bytes),
        clock().toISOString(),
      );
    },
    async read(area, name) {
      assertFileName(name);
      const chunks = await readStoredFileChunks(db, area, name);
      return chunks.length === 0 ? undefined : Buffer.concat(chunks);
    },
    async modifiedAt(area, name) {
      assertFileName(name);
      const writtenAt = await findStoredFileWrittenAt(db, area, name);
      return writtenAt === undefined ? undefined : new Date(writtenAt);
    },
    async remove(area, name) {
      assertFileName(name);
      await deleteStoredFile(db, area, name);
    },
    list: (area) => listStoredFileNames(db, area),
    // The health check asks the database itself already; this asks for the table.
    probe: () => probeStoredFiles(db),
  };
}
