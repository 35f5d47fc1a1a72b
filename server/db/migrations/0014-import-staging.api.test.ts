import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf, indexesOf } from '../../test/schema-catalog.ts';
import { migrateUpTo } from '../migrate.ts';
import { published } from '../staging.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database made by the migrations up to 0013, as
 * a release before import staging created it, with a collection, a tag and a post; then 0014.
 */

const database = databaseMigratedUpTo('0013-recycle-bin-column');

const STAMP = '2026-01-15T10:00:00.000Z';
const TABLES = ['collections', 'tags', 'posts'] as const;

describe('migration 0014-import-staging', () => {
  it('adds import_job_id to collections, tags and posts, null (published) on every row', async () => {
    const { db } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'Ada', 'ada@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into collections (id, user_id, name, local_order, created_at, updated_at)
      values (1, 1, 'Reading', 1, ${STAMP}, ${STAMP})`.execute(db);
    await sql`insert into tags (id, user_id, name, name_key, created_at)
      values (1, 1, 'Later', 'later', ${STAMP})`.execute(db);
    await sql`insert into posts (id, user_id, collection_id, type, title, content, "order", created_at, updated_at)
      values (1, 1, 1, 'text', 'Post', '<p>Post</p>', 1, ${STAMP}, ${STAMP})`.execute(db);

    await migrateUpTo(db, '0014-import-staging');

    for (const table of TABLES) {
      expect(await columnsOf(db, database().dialect, table)).toContain('import_job_id');
      const rows = await db
        .selectFrom(table)
        .select(['id', 'import_job_id'])
        .where(published(table))
        .execute();
      expect(rows).toEqual([{ id: 1, import_job_id: null }]);
    }
  });

  it('indexes only staged rows, and a row staged by a job that is not done is not published', async () => {
    const { db } = database();
    await migrateUpTo(db, '0014-import-staging');
    for (const table of TABLES) {
      const indexes = await indexesOf(db, database().dialect, table);
      expect(indexes[`${table}_staged`]).toMatch(
        /import_job_id.*where.*import_job_id.*is not null/is,
      );
    }
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'Ada', 'ada@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    for (const [id, status] of [
      [1, 'running'],
      [2, 'done'],
    ] as const) {
      await sql`insert into import_jobs (id, user_id, runner_id, status, phase, file_name, format,
        duplicates, bytes_total, bytes_read, entries_read, created, heartbeat_at, created_at)
        values (${id}, 1, 'r', ${status}, null, 'f.html', 'netscape', 'skip', 1, 1, 1, 0,
        ${STAMP}, ${STAMP})`.execute(db);
      await sql`insert into tags (id, user_id, name, name_key, created_at, import_job_id)
        values (${id}, 1, ${`Tag ${id}`}, ${`tag ${id}`}, ${STAMP}, ${id})`.execute(db);
    }
    const visible = await db.selectFrom('tags').select('id').where(published('tags')).execute();
    expect(visible).toEqual([{ id: 2 }]);
  });
});
