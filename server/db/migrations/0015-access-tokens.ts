import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { urlKey } from '../../lib/url-key.ts';
import { dialectOf } from '../dialect.ts';

/** Posts whose `url_key` is filled per statement while the migration catches up. */
const BATCH = 1000;

/**
 * Saving from anywhere (docs/PRODUCT.md#access-tokens, #duplicate-check):
 * - `api_tokens`: personal access tokens. Only the SHA-256 of a token is kept (unique), so a
 *   database leak hands out no credentials; a revoked token's row is deleted.
 * - `posts.url_key`: the SHA-256 of a link's normalised URL (`server/lib/url-key.ts`), indexed, so
 *   the duplicate check finds the posts of a URL without reading a library; filled here for the
 *   posts saved before, and written with every post's URL afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();

  await db.schema.alterTable('posts').addColumn('url_key', 'text').execute();
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; url: string }>`
      select id, url from posts where url is not null and id > ${after} order by id limit ${BATCH}
    `.execute(db);
    if (rows.length === 0) break;
    const keys = sql.join(rows.map((row) => sql`(cast(${row.id} as integer), ${urlKey(row.url)})`));
    await sql`with keyed (id, url_key) as (values ${keys})
      update posts set url_key = keyed.url_key from keyed where posts.id = keyed.id`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
  // Partial, like the other indexes over live posts: the check never looks in the recycle bin.
  await db.schema
    .createIndex('posts_live_url_key')
    .on('posts')
    .column('url_key')
    .where(sql.ref('binned_at'), 'is', null)
    .execute();
}
