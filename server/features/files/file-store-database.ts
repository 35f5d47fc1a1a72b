import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertFileName, type FileStore } from './file-store.ts';

/** Bytes per row of `stored_file_chunks` (migration 0018). */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Files as rows of the database (`FILE_STORE=database`): every process on one PostgreSQL
 * database serves every file, with nothing else to run or mount. A file is its chunks of at most
 * CHUNK_BYTES, written in one transaction (readers see the old file or the new one, never a mix)
 * and read back in order.
 */
export function createDatabaseFileStore(db: Db, clock: Clock): FileStore {
  const chunksOf = (area: string, name: string) => {
    assertFileName(name);
    return db
      .selectFrom('stored_file_chunks')
      .where('area', '=', area)
      .where('name', '=', name)
      .orderBy('chunk');
  };

  return {
    async write(area, name, bytes) {
      assertFileName(name);
      const writtenAt = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('stored_file_chunks')
          .where('area', '=', area)
          .where('name', '=', name)
          .execute();
        // An empty file is one empty chunk, so that it exists.
        const count = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
        for (let chunk = 0; chunk < count; chunk++) {
          await trx
            .insertInto('stored_file_chunks')
            .values({
              area,
              name,
              chunk,
              bytes: bytes.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES),
              written_at: writtenAt,
            })
            .execute();
        }
      });
    },
    async read(area, name) {
      const rows = await chunksOf(area, name).select('bytes').execute();
      return rows.length === 0 ? undefined : Buffer.concat(rows.map((row) => row.bytes));
    },
    async modifiedAt(area, name) {
      const row = await chunksOf(area, name)
        .select('written_at')
        .where('chunk', '=', 0)
        .executeTakeFirst();
      return row && new Date(row.written_at);
    },
    async remove(area, name) {
      assertFileName(name);
      await db
        .deleteFrom('stored_file_chunks')
        .where('area', '=', area)
        .where('name', '=', name)
        .execute();
    },
    async list(area) {
      const rows = await db
        .selectFrom('stored_file_chunks')
        .select('name')
        .where('area', '=', area)
        .where('chunk', '=', 0)
        .execute();
      return rows.map((row) => row.name);
    },
    async probe() {
      // The health check asks the database itself already; this asks for the table.
      await db.selectFrom('stored_file_chunks').select('chunk').limit(1).execute();
    },
  };
}
