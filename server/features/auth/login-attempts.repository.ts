import type { Db } from '../../db/database.ts';

/** Records one attempt under each key (before its password is checked); returns the row ids. */
export async function insertLoginAttempts(
  db: Db,
  keys: readonly string[],
  now: string,
): Promise<number[]> {
  const rows = await db
    .insertInto('login_attempts')
    .values(keys.map((throttle_key) => ({ throttle_key, created_at: now })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Attempts under `keys` since `since` (ISO instant), oldest first. */
export function listLoginAttempts(
  db: Db,
  keys: readonly string[],
  since: string,
): Promise<{ id: number; throttle_key: string; created_at: string }[]> {
  return db
    .selectFrom('login_attempts')
    .select(['id', 'throttle_key', 'created_at'])
    .where('throttle_key', 'in', keys)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
}

/** Forgets the attempts with these ids (one that succeeded, or one refused with a 429). */
export async function deleteLoginAttempts(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

/** Forgets every attempt under `key` (a successful sign-in or reset clears its account). */
export async function clearLoginAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('throttle_key', '=', key).execute();
}

/** Drops attempts older than `before` (ISO instant): they no longer count. */
export async function pruneLoginAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('created_at', '<=', before).execute();
}
