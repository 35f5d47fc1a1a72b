import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * `stored_file_chunks`: the files of the database file store (`FILE_STORE=database`,
 * docs/OPERATIONS.md#files), so that every process on one database serves every file with
 * nothing else to run. A file is its chunks in order (0, 1, …; at most 256 KiB each, so no value
 * comes near a driver's limit), under its area (`files`, `favicons`) and name; each chunk carries
 * when the file was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('chunk', 'integer', (col) => col.notNull())
    .addColumn('bytes', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('written_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['area', 'name', 'chunk'])
    .execute();
}
