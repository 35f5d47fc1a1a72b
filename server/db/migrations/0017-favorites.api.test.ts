import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf, indexesOf } from '../../test/schema-catalog.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0017, as the release
 * that added favourites left it.
 */

const database = databaseMigratedUpTo('0017-favorites');

const STAMP = '2026-01-15T10:00:00.000Z';

async function insertUser(id: number): Promise<void> {
  await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
    values (${id}, ${`User ${id}`}, ${`user${id}@example.com`}, 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(
    database().db,
  );
}

async function insertPost(id: number, userId: number): Promise<void> {
  await sql`insert into posts (id, user_id, type, content, url, "order", created_at, updated_at)
    values (${id}, ${userId}, 'text', '<p>Note</p>', null, ${id}, ${STAMP}, ${STAMP})`.execute(
    database().db,
  );
}

const star = (userId: number, postId: number) =>
  sql`insert into favorites (user_id, post_id, created_at)
    values (${userId}, ${postId}, ${STAMP})`.execute(database().db);

const stars = async () =>
  (
    await sql<{ user_id: number; post_id: number }>`
      select user_id, post_id from favorites order by user_id, post_id`.execute(database().db)
  ).rows;

describe('migration 0017-favorites', () => {
  it('keeps one star per user and post, gone with the post and with the user', async () => {
    const { db, dialect } = database();
    expect((await columnsOf(db, dialect, 'favorites')).sort()).toEqual([
      'created_at',
      'post_id',
      'user_id',
    ]);
    expect(Object.keys(await indexesOf(db, dialect, 'favorites'))).toEqual(
      expect.arrayContaining(['favorites_user_newest', 'favorites_post']),
    );
    await insertUser(1);
    await insertUser(2);
    await insertPost(10, 1);
    await insertPost(11, 1);
    await star(1, 10);
    await star(2, 10);
    await star(2, 11);
    await expect(star(1, 10)).rejects.toThrow();
    // Neither a post nor a user that does not exist.
    await expect(star(1, 99)).rejects.toThrow();
    await expect(star(9, 10)).rejects.toThrow();

    await sql`delete from posts where id = 11`.execute(db);
    expect(await stars()).toEqual([
      { user_id: 1, post_id: 10 },
      { user_id: 2, post_id: 10 },
    ]);
    await sql`delete from users where id = 2`.execute(db);
    expect(await stars()).toEqual([{ user_id: 1, post_id: 10 }]);
  });
});
