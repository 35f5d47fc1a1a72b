import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Page copies (docs/PRODUCT.md#page-copies): the readable copy of a link post's page, kept so the
 * link can be found by what its page said and read after the page is gone.
 *
 * `page_copies`, at most one row per link post, removed with it:
 * - the queue: `status` 'queued' (waiting since `requested_at`, taken by the process that set
 *   `claimed_at`, a lease) then 'saved' or 'failed' (`failure`: the reason as JSON, see
 *   features/page-copies/copy-failure.ts), both at `copied_at`. No row: no copy asked for.
 * - the copy: what the page says of itself (`title` … `lang`), `word_count`, `reading_minutes`,
 *   the readable HTML and its plain text gzip-compressed (`html_gz`, `text_gz`: the text is read
 *   only for the snippets of a page of results) and that text case-folded (`search_text`, what
 *   search matches, kept plain for the index and the row checks); `stored_bytes` is what the
 *   copy takes (these three and the compressed snapshot kept in the file store), which the
 *   per-account cap adds up by `user_id`, the post's owner.
 *
 * `users.auto_page_copies` (1 or 0): whether saving a link asks for its copy.
 *
 * `search_text` is indexed as the posts' own search text is (migrations 0006 and 0019): SQLite
 * keeps a trigram FTS5 index of which copies hold each trigram, PostgreSQL a pg_trgm GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const blob = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('page_copies')
    .addColumn('post_id', 'integer', (col) =>
      col.primaryKey().references('posts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('copied_at', 'text')
    .addColumn('failure', 'text')
    .addColumn('kind', 'text')
    .addColumn('title', 'text')
    .addColumn('byline', 'text')
    .addColumn('site_name', 'text')
    .addColumn('published_at', 'text')
    .addColumn('excerpt', 'text')
    .addColumn('lang', 'text')
    .addColumn('word_count', 'integer')
    .addColumn('reading_minutes', 'integer')
    .addColumn('html_gz', blob)
    .addColumn('text_gz', blob)
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('stored_bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The queue's order, and the cap's sum per account.
  await db.schema
    .createIndex('page_copies_queue')
    .on('page_copies')
    .columns(['status', 'requested_at'])
    .execute();
  await db.schema.createIndex('page_copies_user').on('page_copies').column('user_id').execute();
  await db.schema
    .alterTable('users')
    .addColumn('auto_page_copies', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  if (dialectOf(db) === 'postgres') {
    await sql`create index page_copies_search_text_trgm on page_copies
      using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table page_copies_search_text_fts using fts5(
    search_text, content='page_copies', content_rowid='post_id', tokenize='trigram',
    detail=none)`.execute(db);
  await sql`create trigger page_copies_search_insert after insert on page_copies begin
    insert into page_copies_search_text_fts(rowid, search_text) values (new.post_id, new.search_text);
  end`.execute(db);
  await sql`create trigger page_copies_search_delete after delete on page_copies begin
    insert into page_copies_search_text_fts(page_copies_search_text_fts, rowid, search_text)
      values ('delete', old.post_id, old.search_text);
  end`.execute(db);
  await sql`create trigger page_copies_search_update after update of search_text on page_copies
  begin
    insert into page_copies_search_text_fts(page_copies_search_text_fts, rowid, search_text)
      values ('delete', old.post_id, old.search_text);
    insert into page_copies_search_text_fts(rowid, search_text)
      values (new.post_id, new.search_text);
  end`.execute(db);
}
