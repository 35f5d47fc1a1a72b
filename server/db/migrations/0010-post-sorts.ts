import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * Sorted lists (`sort` on GET /api/posts, docs/API.md "Post lists"): a collection's live posts by
 * creation time, by title ignoring case, and by the host of their base URL, each ending with the
 * id so that a page of a large collection is read from the index in order. The expressions must
 * stay equal, character for character, to those of posts/post-sorts.repository.ts. As in 0001:
 * SQLite takes `archived_at is null` as an equality and ends every index with the rowid;
 * PostgreSQL gets partial indexes over live posts that end with the id. Uncategorized lists use
 * the per-user indexes of 0001 and 0006.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const host = postgres
    ? sql`substr(base_url, strpos(base_url, '://') + 3)`
    : sql`substr(base_url, instr(base_url, '://') + 3)`;
  const keys = [
    ['posts_collection_created', sql`created_at`],
    ['posts_collection_title', sql`lower(title)`],
    ['posts_collection_domain', host],
  ] as const;
  for (const [name, key] of keys) {
    const index = db.schema.createIndex(name).on('posts').column('collection_id');
    await (
      postgres
        ? index
            .expression(key)
            .column('id')
            .where(sql<boolean>`archived_at is null`)
        : index.column('archived_at').expression(key)
    ).execute();
  }
}
