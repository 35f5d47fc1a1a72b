import { createHash } from 'node:crypto';
import { type Kysely, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite.ts';
import * as initial from './0001-initial.ts';
import * as linkPreviews from './0002-link-previews.ts';
import * as accounts from './0003-accounts.ts';
import * as uploadsAndPreviews from './0005-uploads-and-previews.ts';
import * as search from './0006-search.ts';
import * as importJobs from './0007-import-jobs.ts';
import * as security from './0009-security.ts';

describe('migration 0009-security', () => {
  it('remembers the tokens of the public shares that exist, hashed', async () => {
    const db = openSqlite(':memory:');
    try {
      const before = new Migrator({
        db,
        provider: {
          getMigrations: async () => ({
            '0001-initial': initial,
            '0002-link-previews': linkPreviews,
            '0003-accounts': accounts,
            '0005-uploads-and-previews': uploadsAndPreviews,
            '0006-search': search,
            '0007-import-jobs': importJobs,
          }),
        },
      });
      expect((await before.migrateToLatest()).error).toBeUndefined();
      const now = '2026-01-15T10:00:00.000Z';
      await db
        .insertInto('users')
        .values({
          name: 'Ada',
          email: 'ada@example.com',
          password_hash: 'x',
          permission: 7,
          theme: 'default',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('collections')
        .values({
          id: 1,
          user_id: 1,
          name: 'Shared',
          local_order: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const token = 'Zq3Lx8Rk2Tz7Nw5Pc9Hb4Ym6Df1Gs0Ja';
      await db
        .insertInto('public_shares')
        .values({
          collection_id: 1,
          token,
          is_active: 1,
          permission: 4,
          include_descendants: 0,
          created_by: 1,
          created_at: now,
        })
        .execute();

      await security.up(db as unknown as Kysely<unknown>);

      const used = await db.selectFrom('used_share_tokens').selectAll().execute();
      expect(used).toEqual([
        { token_hash: createHash('sha256').update(token).digest('hex'), used_at: now },
      ]);
      expect(JSON.stringify(used)).not.toContain(token);
    } finally {
      await db.destroy();
    }
  });
});
