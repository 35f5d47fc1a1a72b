/**
 * The users feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): finding a user account by id or email, and setting its password.
 */
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** Emails are compared trimmed and lower-cased, and stored that way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with `email` (compared normalized, see `normalizeEmail`), if any. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** The user with id `id`, if any. */
export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets a new password hash (argon2id PHC string) and `updated_at`. */
export async function updateUserPassword(
  db: Db,
  id: number,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .execute();
}
