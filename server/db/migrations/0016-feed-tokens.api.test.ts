import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf } from '../../test/schema-catalog.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0016, as the release
 * that added feed tokens left it.
 */

const database = databaseMigratedUpTo('0016-feed-tokens');

const STAMP = '2026-01-15T10:00:00.000Z';

async function insertUser(id: number): Promise<void> {
  await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
    values (${id}, ${`User ${id}`}, ${`user${id}@example.com`}, 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(
    database().db,
  );
}

const insertToken = (userId: number, hash: string) =>
  sql`insert into feed_tokens (user_id, token_hash, created_at)
    values (${userId}, ${hash}, ${STAMP})`.execute(database().db);

describe('migration 0016-feed-tokens', () => {
  it('keeps one token hash per user, each hash once, gone with its user', async () => {
    const { db, dialect } = database();
    expect((await columnsOf(db, dialect, 'feed_tokens')).sort()).toEqual([
      'created_at',
      'token_hash',
      'user_id',
    ]);
    await insertUser(1);
    await insertUser(2);
    await insertToken(1, 'hash-1');
    // A second token for the same user, or another user with the same hash: both refused.
    await expect(insertToken(1, 'hash-2')).rejects.toThrow();
    await expect(insertToken(2, 'hash-1')).rejects.toThrow();
    await insertToken(2, 'hash-2');

    await sql`delete from users where id = 1`.execute(db);
    const { rows } = await sql<{ user_id: number }>`select user_id from feed_tokens`.execute(db);
    expect(rows).toEqual([{ user_id: 2 }]);
  });
});
