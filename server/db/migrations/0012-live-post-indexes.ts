import { sql, type Kysely } from 'kysely';
import { dialectOf, type DialectName } from '../dialect.ts';

/*
 * The indexes over live posts that 0001 (lists in order) and 0006 (newest first) create today.
 * Both files were changed after they had shipped: a PostgreSQL database migrated before that has
 * `posts_collection_order` on (collection_id, archived_at, "order"), the newest-first indexes on
 * (…, archived_at, created_at) and no `posts_uncategorized_order`, none of which PostgreSQL can
 * walk in order (it does not take `archived_at is null` as fixing a column). This brings such a
 * database to the current indexes: each is compared with its definition in the catalog
 * (pg_indexes.indexdef on PostgreSQL, sqlite_master.sql on SQLite) and dropped and built again
 * only where that differs or it is missing. On a database that has them, which includes every
 * SQLite one (those changes left SQLite's indexes as they were), this does nothing.
 */

/**
 * The current indexes by name, each as its catalog prints it, which is also a statement that
 * creates it: PostgreSQL deparses the statement it ran and names the table with its schema
 * (`posts`, e.g. `public.posts`), SQLite keeps the text it was given.
 */
const LIVE_POST_INDEXES: Record<DialectName, (posts: string) => Record<string, string>> = {
  postgres: (posts) => ({
    posts_collection_order: `CREATE INDEX posts_collection_order ON ${posts} USING btree (collection_id, "order", id) WHERE (archived_at IS NULL)`,
    posts_uncategorized_order: `CREATE INDEX posts_uncategorized_order ON ${posts} USING btree (user_id, "order", id) WHERE ((archived_at IS NULL) AND (collection_id IS NULL))`,
    posts_user_live_created: `CREATE INDEX posts_user_live_created ON ${posts} USING btree (user_id, created_at, id) WHERE (archived_at IS NULL)`,
    posts_live_created: `CREATE INDEX posts_live_created ON ${posts} USING btree (created_at, id) WHERE (archived_at IS NULL)`,
  }),
  sqlite: () => ({
    posts_collection_order: `CREATE INDEX "posts_collection_order" on "posts" ("collection_id", "archived_at", "order")`,
    posts_user_live_created: `CREATE INDEX "posts_user_live_created" on "posts" ("user_id", "archived_at", "created_at")`,
    posts_live_created: `CREATE INDEX "posts_live_created" on "posts" ("archived_at", "created_at")`,
  }),
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const { posts, indexes } = await catalog(db, dialect);
  for (const [name, definition] of Object.entries(LIVE_POST_INDEXES[dialect](posts))) {
    if (indexes.get(name) === definition) continue;
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql.raw(definition).execute(db);
  }
}

/** The posts table as the catalog names it in index definitions, and its indexes by name. */
async function catalog(
  db: Kysely<unknown>,
  dialect: DialectName,
): Promise<{ posts: string; indexes: Map<string, string> }> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; definition: string }>`
      select name, sql as definition from sqlite_master
      where type = 'index' and tbl_name = 'posts'`.execute(db);
    return { posts: '"posts"', indexes: new Map(rows.map((row) => [row.name, row.definition])) };
  }
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'posts'`.execute(db);
  const { rows: schema } = await sql<{ posts: string }>`
    select quote_ident(current_schema()) || '.posts' as posts`.execute(db);
  return {
    posts: schema[0]!.posts,
    indexes: new Map(rows.map((row) => [row.name, row.definition])),
  };
}
