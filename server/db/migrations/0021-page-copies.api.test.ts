import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0021, as the release
 * that added page copies left it.
 */

const database = databaseMigratedUpTo('0021-page-copies');

const STAMP = '2026-11-26T10:00:00.000Z';

describe('migration 0021-page-copies', () => {
  it('keeps one copy per post, indexes its text for search and removes it with the post', async () => {
    const { db, dialect } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'User', 'user@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    const { rows: users } = await sql<{
      auto_page_copies: number;
    }>`select auto_page_copies from users`.execute(db);
    expect(users).toEqual([{ auto_page_copies: 1 }]);
    for (const id of [1, 2]) {
      await sql`insert into posts (id, user_id, type, content, url, "order", created_at, updated_at)
        values (${id}, 1, 'link', '', ${`https://example.com/${id}`}, ${id}, ${STAMP}, ${STAMP})`.execute(
        db,
      );
    }
    const copy = (postId: number, searchText: string) =>
      sql`insert into page_copies (post_id, user_id, status, requested_at, search_text)
        values (${postId}, 1, 'saved', ${STAMP}, ${searchText})`.execute(db);
    await copy(1, 'the needle of the page');
    await copy(2, 'a haystack');
    await expect(copy(1, 'again')).rejects.toThrow();

    const found = async (term: string) => {
      const query =
        dialect === 'postgres'
          ? sql<{ post_id: number }>`select post_id from page_copies
              where search_text like ${`%${term}%`}`
          : // Only which copies hold each trigram is kept: a three-letter term is one trigram.
            sql<{ post_id: number }>`select rowid as post_id from page_copies_search_text_fts
              where page_copies_search_text_fts match ${`"${term}"`}`;
      return (await query.execute(db)).rows.map((row) => row.post_id);
    };
    expect(await found('eed')).toEqual([1]);
    await sql`update page_copies set search_text = 'now a needle here too' where post_id = 2`.execute(
      db,
    );
    expect((await found('eed')).sort()).toEqual([1, 2]);

    await sql`delete from posts where id = 1`.execute(db);
    expect(await found('eed')).toEqual([2]);
    const { rows } = await sql<{ post_id: number }>`select post_id from page_copies`.execute(db);
    expect(rows.map((row) => row.post_id)).toEqual([2]);
  });
});
