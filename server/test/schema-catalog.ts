import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';

/*
 * What a database's catalog says about its schema, for migration tests: the same question asked
 * of PostgreSQL's catalog views and of SQLite's `sqlite_master`.
 */

/** The indexes of `table`: name → definition, as the catalog prints it. */
export async function indexesOf(
  db: Db,
  dialect: DialectName,
  table: string,
): Promise<Record<string, string>> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = ${table}`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

/** The names of the columns of `table`. */
export async function columnsOf(db: Db, dialect: DialectName, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

/** Every SQL text of the schema that can name a column: indexes, views and triggers. */
export async function schemaTexts(db: Db, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ text: string }>`
          select indexdef as text from pg_indexes where schemaname = current_schema()
          union all
          select definition as text from pg_views where schemaname = current_schema()
          union all
          select pg_get_triggerdef(oid) as text from pg_trigger where not tgisinternal`.execute(db)
      : await sql<{ text: string }>`
          select sql as text from sqlite_master where sql is not null`.execute(db);
  return rows.map((row) => row.text);
}
