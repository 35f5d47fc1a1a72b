import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../test/migration-database.ts';
import { indexesOf } from '../../test/schema-catalog.ts';
import type { Db } from '../database.ts';
import * as livePostIndexes from './0012-live-post-indexes.ts';

/*
 * On the project's database (NESTMARK_TEST_DB): a database migrated up to 0012, as it was when
 * 0012 was the latest migration (0013 renames the column these indexes name), whose indexes over
 * live posts a test may first put back as an older version of a migration made them, then 0012
 * run on it again.
 */

const database = databaseMigratedUpTo('0012-live-post-indexes');

/** The posts table's indexes: name → definition. */
const postIndexes = (db: Db) => indexesOf(db, database().dialect, 'posts');

/** Runs 0012 on `db`; gives the first word of each statement it ran (`select`, `drop`, …). */
async function runMigration(db: Db): Promise<string[]> {
  const verbs: string[] = [];
  const watched = db.withPlugin({
    transformQuery: ({ node }) => {
      const text = 'sqlFragments' in node ? node.sqlFragments.join('') : node.kind;
      verbs.push(text.trim().split(/\s/)[0]!.toLowerCase());
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await livePostIndexes.up(watched as unknown as Kysely<unknown>);
  return verbs;
}

describe('migration 0012-live-post-indexes', () => {
  it('gives a database migrated with 0001 and 0006 as they first shipped the current indexes', async () => {
    const { db } = database();
    const current = await postIndexes(db);
    // The indexes over live posts of 0001-initial.ts and 0006-search.ts as of commit 5ae7aaa, the
    // same on both databases; the later 0001 also adds posts_uncategorized_order on PostgreSQL.
    for (const name of [
      'posts_collection_order',
      'posts_uncategorized_order',
      'posts_user_live_created',
      'posts_live_created',
    ]) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    await db.schema
      .createIndex('posts_collection_order')
      .on('posts')
      .columns(['collection_id', 'archived_at', 'order'])
      .execute();
    await db.schema
      .createIndex('posts_user_live_created')
      .on('posts')
      .columns(['user_id', 'archived_at', 'created_at'])
      .execute();
    await db.schema
      .createIndex('posts_live_created')
      .on('posts')
      .columns(['archived_at', 'created_at'])
      .execute();

    await runMigration(db);

    expect(await postIndexes(db)).toEqual(current);
  });

  it('builds again an index that differs from the current one, and one that is missing', async () => {
    const { db } = database();
    const current = await postIndexes(db);
    await db.schema.dropIndex('posts_live_created').execute();
    await db.schema.createIndex('posts_live_created').on('posts').column('created_at').execute();
    await db.schema.dropIndex('posts_user_live_created').execute();
    expect(await postIndexes(db)).not.toEqual(current);

    await runMigration(db);

    expect(await postIndexes(db)).toEqual(current);
  });

  it('only reads the catalog of a database that has the current indexes', async () => {
    const { db } = database();
    const before = await postIndexes(db);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['posts_collection_order', 'posts_live_created']),
    );

    expect(new Set(await runMigration(db))).toEqual(new Set(['select']));

    expect(await postIndexes(db)).toEqual(before);
  });
});
