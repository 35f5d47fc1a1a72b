import type { Kysely } from 'kysely';

/*
 * Imports write in many short transactions (docs/ARCHITECTURE.md, "Import pipeline"): every
 * collection, tag and post an import creates carries its job's id until the import is published,
 * and reads leave such staged rows out. Nullable, no default: existing rows are published.
 * A partial index finds an import's staged rows (to publish them, or delete them when it fails)
 * and stays empty while no import runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['collections', 'tags', 'posts']) {
    await db.schema.alterTable(table).addColumn('import_job_id', 'integer').execute();
    await db.schema
      .createIndex(`${table}_staged`)
      .on(table)
      .column('import_job_id')
      .where('import_job_id', 'is not', null)
      .execute();
  }
}
