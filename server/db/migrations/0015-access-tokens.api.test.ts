import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { urlKey } from '../../lib/url-key.ts';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { columnsOf, indexesOf } from '../../test/schema-catalog.ts';
import { migrateUpTo } from '../migrate.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database made by the migrations up to 0013, as
 * a release before access tokens left it, with link posts (more than one batch of the backfill)
 * and a text post; then 0015.
 */

const database = databaseMigratedUpTo('0013-recycle-bin-column');

const STAMP = '2026-01-15T10:00:00.000Z';
const LINKS = 1_050;

describe('migration 0015-access-tokens', () => {
  it('adds api_tokens and fills posts.url_key for every existing link post, indexed', async () => {
    const { db, dialect } = database();
    await sql`insert into users (id, name, email, password_hash, permission, theme, created_at, updated_at)
      values (1, 'Ada', 'ada@example.com', 'x', 7, 'default', ${STAMP}, ${STAMP})`.execute(db);
    const rows = Array.from({ length: LINKS }, (_, i) => {
      const url = `https://Example.com/page/${i}/?utm_source=feed#top`;
      return sql`(${i + 1}, 1, 'link', ${url}, ${url}, ${i + 1}, ${STAMP}, ${STAMP})`;
    });
    await sql`insert into posts (id, user_id, type, content, url, "order", created_at, updated_at)
      values ${sql.join(rows)}`.execute(db);
    await sql`insert into posts (id, user_id, type, content, url, "order", created_at, updated_at)
      values (${LINKS + 1}, 1, 'text', '<p>Note</p>', null, ${LINKS + 1}, ${STAMP}, ${STAMP})`.execute(
      db,
    );

    await migrateUpTo(db, '0015-access-tokens');

    const { rows: keys } = await sql<{ id: number; url_key: string | null }>`
      select id, url_key from posts order by id`.execute(db);
    expect(keys).toHaveLength(LINKS + 1);
    for (const row of keys.slice(0, LINKS)) {
      expect(row.url_key).toBe(urlKey(`https://example.com/page/${row.id - 1}`));
    }
    expect(keys[LINKS]).toEqual({ id: LINKS + 1, url_key: null });
    expect(Object.keys(await indexesOf(db, dialect, 'posts'))).toContain('posts_live_url_key');
    expect((await columnsOf(db, dialect, 'api_tokens')).sort()).toEqual(
      [
        'created_at',
        'expires_at',
        'id',
        'last_used_at',
        'name',
        'scope',
        'token_hash',
        'user_id',
      ].sort(),
    );
  });
});
