import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { migrateUpTo } from '../migrate.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0018, holding posts
 * indexed for search as that release left them, then migrated to 0019.
 */

const database = databaseMigratedUpTo('0018-stored-files');

const STAMP = '2026-11-01T10:00:00.000Z';

describe('migration 0019-search-index-rowids', () => {
  it('keeps on SQLite only which posts hold each trigram, and finds the posts written before it', async () => {
    const { db, dialect } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'User', 'user@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    for (const [id, text] of [
      [1, 'the needle'],
      [2, 'a haystack'],
    ] as const) {
      await sql`insert into posts (id, user_id, type, content, "order", created_at, updated_at,
          search_title, search_text)
        values (${id}, 1, 'text', ${`<p>${text}</p>`}, ${id}, ${STAMP}, ${STAMP}, '', ${text})`.execute(
        db,
      );
    }

    await migrateUpTo(db, '0019-search-index-rowids');

    if (dialect === 'postgres') {
      // Nothing to change there: pg_trgm's GIN indexes serve the search.
      const found = await sql<{ id: number }>`
        select id from posts where search_text like '%needle%'`.execute(db);
      expect(found.rows.map((row) => row.id)).toEqual([1]);
      return;
    }
    const { rows: tables } = await sql<{ sql: string }>`
      select sql from sqlite_master where name in ('posts_search_text_fts', 'posts_search_title_fts')`.execute(
      db,
    );
    expect(tables).toHaveLength(2);
    for (const table of tables) expect(table.sql).toContain('detail=none');
    const hits = async (query: string) =>
      (
        await sql<{ id: number }>`
          select rowid as id from posts_search_text_fts
          where posts_search_text_fts match ${query} order by rowid`.execute(db)
      ).rows.map((row) => row.id);
    // Rebuilt from the posts: the trigrams of what was written before are there…
    expect(await hits('"nee" AND "dle"')).toEqual([1]);
    expect(await hits('"hay"')).toEqual([2]);
    // …and 0006's triggers keep filling the new table.
    await sql`insert into posts (id, user_id, type, content, "order", created_at, updated_at,
        search_title, search_text)
      values (3, 1, 'text', '<p>more needles</p>', 3, ${STAMP}, ${STAMP}, '', 'more needles')`.execute(
      db,
    );
    expect(await hits('"nee" AND "dle"')).toEqual([1, 3]);
  });
});
