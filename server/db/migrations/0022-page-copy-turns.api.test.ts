import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { indexesOf } from '../../test/schema-catalog.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0022, as the release
 * that gave page copies turns by user left it.
 */

const database = databaseMigratedUpTo('0022-page-copy-turns');

const STAMP = '2026-11-27T10:00:00.000Z';

describe('migration 0022-page-copy-turns', () => {
  it("keeps one turn per user, removed with the user, and reads a user's queue by index", async () => {
    const { db, dialect } = database();
    for (const id of [1, 2]) {
      await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
        values (${id}, 'User', ${`user${id}@example.com`}, 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(
        db,
      );
    }
    const turn = (userId: number, value: number) =>
      sql`insert into page_copy_turns (user_id, turn) values (${userId}, ${value})`.execute(db);
    await turn(1, 1);
    await turn(2, 2);
    await expect(turn(1, 3)).rejects.toThrow();
    await sql`delete from users where id = 1`.execute(db);
    const { rows } = await sql<{ user_id: number }>`select user_id from page_copy_turns`.execute(
      db,
    );
    expect(rows.map((row) => row.user_id)).toEqual([2]);

    const indexes = await indexesOf(db, dialect, 'page_copies');
    expect(Object.keys(indexes)).toContain('page_copies_user_queue');
    expect(Object.keys(indexes)).not.toContain('page_copies_user');
    expect(indexes.page_copies_user_queue).toMatch(/user_id.*status.*post_id/);
  });
});
