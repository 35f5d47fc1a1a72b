import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * The code has one word for the recycle bin (docs/PRODUCT.md#recycle-bin); the posts column
 * follows: `archived_at` becomes `binned_at` (in the recycle bin since; null = live). Both
 * databases carry their indexes over: SQLite rewrites the column's name in every index (the
 * WHERE clause of a partial one too), trigger and view that names it, and PostgreSQL's indexes
 * refer to the column by number, so their definitions follow. The one index named after the old
 * word, `posts_user_archived` on (user_id, archived_at), is renamed `posts_user_binned`; SQLite
 * cannot rename an index, so there it is built again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').renameColumn('archived_at', 'binned_at').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter index posts_user_archived rename to posts_user_binned`.execute(db);
    return;
  }
  await db.schema.dropIndex('posts_user_archived').execute();
  await db.schema
    .createIndex('posts_user_binned')
    .on('posts')
    .columns(['user_id', 'binned_at'])
    .execute();
}
