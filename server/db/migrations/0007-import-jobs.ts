import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Imports run as jobs (docs/PRODUCT.md#import-and-export): `POST /api/imports` answers with a
 * job at once, the import runs in the background and commits in one transaction, and
 * `GET /api/imports/{id}` reads its progress from this row. The row lives outside the import's
 * transaction, so progress is readable while it runs and the job survives a crash as 'running'
 * with a stale heartbeat, which the next start marks failed. `summary` is the finished import's
 * report as JSON text (counts, skip reasons, examples), written in the import's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('runner_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('phase', 'text')
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('target_collection_id', 'integer', (col) =>
      col.references('collections.id').onDelete('set null'),
    )
    .addColumn('duplicates', 'text', (col) => col.notNull())
    .addColumn('bytes_total', 'integer', (col) => col.notNull())
    .addColumn('bytes_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('entries_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('to_create', 'integer')
    .addColumn('created', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('collection_id', 'integer', (col) =>
      col.references('collections.id').onDelete('set null'),
    )
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .addColumn('heartbeat_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('import_jobs_user_status')
    .on('import_jobs')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema.createIndex('import_jobs_status').on('import_jobs').column('status').execute();
}
