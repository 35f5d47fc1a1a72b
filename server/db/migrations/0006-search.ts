import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Substring search over posts (docs/PRODUCT.md#search). Each post keeps its
 * case-folded search document (`search_text`: title, content text, URL, description, tag names)
 * and title (`search_title`, which ranks), written by the application on every change. Indexes:
 * on SQLite an FTS5 trigram table for each, kept in step by triggers; on PostgreSQL pg_trgm GIN
 * indexes, which serve `LIKE '%…%'`. Newest-first indexes let a search walk a user's posts in
 * result order and stop early when a term is common.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('search_title', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Rows written before this migration get a rough document (markup included); the next change
  // to a post writes the exact one.
  await sql`update posts set
    search_title = lower(coalesce(title, '')),
    search_text = lower(coalesce(title, '') || ' ' || content || ' ' || coalesce(url, '') || ' ' || coalesce(description, ''))`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') {
    // Partial, with the id that breaks ties: PostgreSQL does not take `archived_at is null` as
    // fixing that column, so (archived_at, created_at) would not give newest-first order.
    await sql`create index posts_user_live_created on posts (user_id, created_at, id)
      where archived_at is null`.execute(db);
    await sql`create index posts_live_created on posts (created_at, id)
      where archived_at is null`.execute(db);
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index posts_search_text_trgm on posts using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index posts_search_title_trgm on posts using gin (search_title gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  // SQLite treats `archived_at is null` as an equality and ends every index with the rowid.
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
  for (const column of ['search_text', 'search_title']) {
    const table = sql.id(`posts_${column}_fts`);
    await sql`create virtual table ${table} using fts5(
      ${sql.id(column)}, content='posts', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`insert into ${table}(${table}) values ('rebuild')`.execute(db);
  }
  await sql`create trigger posts_search_insert after insert on posts begin
    insert into posts_search_text_fts(rowid, search_text) values (new.id, new.search_text);
    insert into posts_search_title_fts(rowid, search_title) values (new.id, new.search_title);
  end`.execute(db);
  await sql`create trigger posts_search_delete after delete on posts begin
    insert into posts_search_text_fts(posts_search_text_fts, rowid, search_text)
      values ('delete', old.id, old.search_text);
    insert into posts_search_title_fts(posts_search_title_fts, rowid, search_title)
      values ('delete', old.id, old.search_title);
  end`.execute(db);
  await sql`create trigger posts_search_update after update of search_text, search_title on posts begin
    insert into posts_search_text_fts(posts_search_text_fts, rowid, search_text)
      values ('delete', old.id, old.search_text);
    insert into posts_search_title_fts(posts_search_title_fts, rowid, search_title)
      values ('delete', old.id, old.search_title);
    insert into posts_search_text_fts(rowid, search_text) values (new.id, new.search_text);
    insert into posts_search_title_fts(rowid, search_title) values (new.id, new.search_title);
  end`.execute(db);
}
