import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { migrateUpTo } from '../migrate.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0022 holding a long
 * post, then migrated to 0023.
 */

const database = databaseMigratedUpTo('0022-page-copy-turns');

const STAMP = '2026-11-27T10:00:00.000Z';

/** A search text long and repetitive enough to be compressed out of the row. */
const LONG = Array.from({ length: 2000 }, (_, i) => `word${i % 50}`).join(' ');

describe('migration 0023-search-text-lz4', () => {
  it('compresses search texts written after it with LZ4 where PostgreSQL can, and keeps reading the old ones', async () => {
    const { db, dialect } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'User', 'user@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    const insert = (id: number, text: string) =>
      sql`insert into posts (id, user_id, type, content, "order", created_at, updated_at,
          search_title, search_text)
        values (${id}, 1, 'text', '<p>…</p>', ${id}, ${STAMP}, ${STAMP}, '', ${text})`.execute(db);
    await insert(1, `${LONG} before`);

    await migrateUpTo(db, '0023-search-text-lz4');

    await insert(2, `${LONG} after`);
    const found = await sql<{ id: number }>`
      select id from posts where search_text like '%word49 word0%' order by id`.execute(db);
    expect(found.rows.map((row) => row.id)).toEqual([1, 2]);
    if (dialect !== 'postgres') return;

    const { rows: settings } = await sql<{ lz4: boolean; version: number }>`
      select 'lz4' = any (enumvals) as lz4, current_setting('server_version_num')::int as version
      from pg_settings where name = 'default_toast_compression'`.execute(db);
    const lz4 = settings[0]?.lz4 === true;
    // Before 14 there is no choice of compression (and nothing to look at).
    if (!settings[0] || settings[0].version < 140000) return;
    const { rows: columns } = await sql<{ table: string; compression: string }>`
      select attrelid::regclass::text as table, attcompression as compression
      from pg_attribute
      where attname = 'search_text' and attrelid in ('posts'::regclass, 'page_copies'::regclass)
      order by 1`.execute(db);
    const method = lz4 ? 'l' : '';
    expect(columns).toEqual([
      { table: 'page_copies', compression: method },
      { table: 'posts', compression: method },
    ]);
    const { rows: stored } = await sql<{ id: number; method: string | null }>`
      select id, pg_column_compression(search_text) as method from posts order by id`.execute(db);
    expect(stored).toEqual([
      { id: 1, method: 'pglz' },
      { id: 2, method: lz4 ? 'lz4' : 'pglz' },
    ]);
  });
});
