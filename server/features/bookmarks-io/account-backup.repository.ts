import type { Insertable, Selectable } from 'kysely';
import { bulkInsert, bulkInsertReturningIds } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type {
  Database,
  PrivateSharesTable,
  PublicSharesTable,
  TagsTable,
} from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { batches } from './bookmarks-io.repository.ts';

/*
 * Reads and writes of a whole account for backup and restore. Everything a user owns: collections,
 * posts (recycle bin included), tags, post–tag links, and the shares of their collections.
 */

/** A user's published rows of `table` (staged rows of a running import are not theirs yet). */
function owned<T extends 'collections' | 'tags' | 'posts'>(db: Db, table: T, userId: number) {
  return db
    .selectFrom(table as 'posts')
    .selectAll()
    .where('user_id', '=', userId)
    .where(published(table))
    .orderBy('id')
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** Every row of a user's account, ids included, in id order. */
export async function readAccount(db: Db, userId: number) {
  const [user, collections, tags, posts, publicShares, privateShares] = await Promise.all([
    db
      .selectFrom('users')
      .select(['name', 'email', 'theme'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    owned(db, 'collections', userId),
    owned(db, 'tags', userId),
    owned(db, 'posts', userId),
    db
      .selectFrom('public_shares')
      .innerJoin('collections', 'collections.id', 'public_shares.collection_id')
      .selectAll('public_shares')
      .where('collections.user_id', '=', userId)
      .orderBy('public_shares.id')
      .execute(),
    db
      .selectFrom('private_shares')
      .innerJoin('collections', 'collections.id', 'private_shares.collection_id')
      .innerJoin('users', 'users.id', 'private_shares.user_id')
      .selectAll('private_shares')
      .select('users.email as member_email')
      .where('collections.user_id', '=', userId)
      .orderBy('private_shares.id')
      .execute(),
  ]);
  const postTags: { post_id: number; tag_id: number }[] = [];
  for (const batch of batches(posts.map((post) => post.id))) {
    postTags.push(
      ...(await db
        .selectFrom('post_tags')
        .select(['post_id', 'tag_id'])
        .where('post_id', 'in', batch)
        .execute()),
    );
  }
  return { user, collections, tags, posts, postTags, publicShares, privateShares };
}

/**
 * Holds the user's row until the transaction ends, so that two restores into one account run
 * one after the other and the second finds it no longer empty. PostgreSQL only (FOR NO KEY
 * UPDATE: other writes of the user go on); SQLite runs one write transaction at a time anyway.
 */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** Whether the user owns no collection, post (live or in the recycle bin) or tag. */
export async function isAccountEmpty(db: Db, userId: number): Promise<boolean> {
  const owns = (table: 'collections' | 'posts' | 'tags') =>
    db.selectFrom(table).select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  const found = await Promise.all([owns('collections'), owns('posts'), owns('tags')]);
  return found.every((row) => row === undefined);
}

/** Inserts tags (names new to the user); returns their ids in the order of `rows`. */
export function insertTags(db: Db, rows: readonly Insertable<TagsTable>[]): Promise<number[]> {
  return bulkInsertReturningIds(db, 'tags', rows);
}

/** Which of `tokens` public shares already use. */
export async function listTakenShareTokens(
  db: Db,
  tokens: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const batch of batches(tokens)) {
    const rows = await db
      .selectFrom('public_shares')
      .select('token')
      .where('token', 'in', batch)
      .execute();
    for (const row of rows) taken.add(row.token);
  }
  return taken;
}

/** Ids of the users with these (normalised) emails. */
export async function listUserIdsByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of batches(emails)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', batch)
      .execute();
    for (const row of rows) ids.set(row.email, row.id);
  }
  return ids;
}

/** Inserts public shares (tokens unused). */
export function insertPublicShares(
  db: Db,
  rows: readonly Insertable<PublicSharesTable>[],
): Promise<void> {
  return bulkInsert(db, 'public_shares', rows);
}

/** Inserts private shares (each collection and member at most once). */
export function insertPrivateShares(
  db: Db,
  rows: readonly Insertable<PrivateSharesTable>[],
): Promise<void> {
  return bulkInsert(db, 'private_shares', rows);
}
