import type { Db } from '../../db/database.ts';

/*
 * The rows of the database file store (`stored_file_chunks`, migration 0018): a file is its
 * chunks in order under its area and name (file-store-database.ts cuts and joins them).
 */

/**
 * Replaces the file `area`/`name` with `chunks` (in order), in one transaction: `db` itself when
 * it is one, else a transaction of its own.
 */
export async function replaceStoredFile(
  db: Db,
  area: string,
  name: string,
  chunks: readonly Buffer[],
  writtenAt: string,
): Promise<void> {
  const replace = async (trx: Db) => {
    await deleteStoredFile(trx, area, name);
    for (const [chunk, bytes] of chunks.entries()) {
      await trx
        .insertInto('stored_file_chunks')
        .values({ area, name, chunk, bytes, written_at: writtenAt })
        .execute();
    }
  };
  await (db.isTransaction ? replace(db) : db.transaction().execute(replace));
}

/** The file's chunks in order; none when it does not exist. */
export async function readStoredFileChunks(db: Db, area: string, name: string): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('stored_file_chunks')
    .select('bytes')
    .where('area', '=', area)
    .where('name', '=', name)
    .orderBy('chunk')
    .execute();
  return rows.map((row) => row.bytes);
}

/** When the file was written (ISO 8601), or undefined when it does not exist. */
export async function findStoredFileWrittenAt(
  db: Db,
  area: string,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('stored_file_chunks')
    .select('written_at')
    .where('area', '=', area)
    .where('name', '=', name)
    .where('chunk', '=', 0)
    .executeTakeFirst();
  return row?.written_at;
}

/** Deletes the file's chunks; nothing happens when it does not exist. */
export async function deleteStoredFile(db: Db, area: string, name: string): Promise<void> {
  await db
    .deleteFrom('stored_file_chunks')
    .where('area', '=', area)
    .where('name', '=', name)
    .execute();
}

/** The names of the files of `area`. */
export async function listStoredFileNames(db: Db, area: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stored_file_chunks')
    .select('name')
    .where('area', '=', area)
    .where('chunk', '=', 0)
    .execute();
  return rows.map((row) => row.name);
}

/** Resolves when the table answers a read (the health check's probe). */
export async function probeStoredFiles(db: Db): Promise<void> {
  await db.selectFrom('stored_file_chunks').select('chunk').limit(1).execute();
}
