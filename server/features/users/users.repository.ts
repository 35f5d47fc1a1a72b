import { sql } from 'kysely';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { UserRow } from '../../db/schema.ts';
import { normalizeEmail } from './user-accounts.ts';

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(
  db: Db,
  user: { name: string; email: string; passwordHash: string; permission: number; now: string },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: normalizeEmail(user.email),
      password_hash: user.passwordHash,
      permission: user.permission,
      theme: 'default',
      created_at: user.now,
      updated_at: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Users by name (ignoring case), then id. With `search`, only names containing it (ignoring
 * case; `%` and `_` match themselves) and never `excludeId`.
 */
export function listUsers(
  db: Db,
  options: { search?: string; excludeId?: number } = {},
): Promise<UserRow[]> {
  const pattern =
    options.search === undefined
      ? undefined
      : `%${options.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .$if(pattern !== undefined, (query) =>
      query.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`),
    )
    .$if(options.excludeId !== undefined, (query) => query.where('id', '!=', options.excludeId!))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** Sets the given columns and `updated_at`; returns the updated row (undefined if none). */
export function updateUser(
  db: Db,
  id: number,
  fields: {
    name?: string;
    email?: string;
    theme?: 'default' | 'dark';
    autoPageCopies?: boolean;
    passwordHash?: string;
  },
  now: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.email !== undefined && { email: normalizeEmail(fields.email) }),
      ...(fields.theme !== undefined && { theme: fields.theme }),
      ...(fields.autoPageCopies !== undefined && {
        auto_page_copies: fields.autoPageCopies ? 1 : 0,
      }),
      ...(fields.passwordHash !== undefined && { password_hash: fields.passwordHash }),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ids of the instance owners (permission 255). On PostgreSQL the rows stay locked until the
 * transaction ends, so two owners deleting each other at once cannot leave none; SQLite runs
 * one write transaction at a time anyway.
 */
export async function lockOwnerIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('permission', '=', Permission.OWNER)
    .orderBy('id')
    .$if(dialectOf(db) === 'postgres', (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the user and everything that is theirs: posts (with their tag links), collections,
 * tags, the public and private shares they made or received, sessions, reset tokens. Run it in
 * a transaction. Other users' rows are untouched (a post of theirs in a deleted collection would
 * keep living in their Uncategorized: the foreign key sets it to null).
 */
export async function deleteUserAndData(db: Db, id: number): Promise<void> {
  const ownPosts = db.selectFrom('posts').select('id').where('user_id', '=', id);
  const ownTags = db.selectFrom('tags').select('id').where('user_id', '=', id);
  const ownCollections = db.selectFrom('collections').select('id').where('user_id', '=', id);
  await db
    .deleteFrom('post_tags')
    .where((eb) => eb.or([eb('post_id', 'in', ownPosts), eb('tag_id', 'in', ownTags)]))
    .execute();
  await db.deleteFrom('posts').where('user_id', '=', id).execute();
  await db.deleteFrom('tags').where('user_id', '=', id).execute();
  await db
    .deleteFrom('public_shares')
    .where((eb) => eb.or([eb('created_by', '=', id), eb('collection_id', 'in', ownCollections)]))
    .execute();
  await db
    .deleteFrom('private_shares')
    .where((eb) =>
      eb.or([
        eb('created_by', '=', id),
        eb('user_id', '=', id),
        eb('collection_id', 'in', ownCollections),
      ]),
    )
    .execute();
  await db.deleteFrom('collections').where('user_id', '=', id).execute();
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', id).execute();
  await db.deleteFrom('users').where('id', '=', id).execute();
}
