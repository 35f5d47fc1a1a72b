import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FilesTable } from '../../db/schema.ts';

export async function insertFile(db: Db, values: Insertable<FilesTable>): Promise<void> {
  await db.insertInto('files').values(values).execute();
}

/** Names of the thumbnails recorded for a post. */
export async function listThumbnailNamesOfPost(db: Db, postId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('name')
    .where('post_id', '=', postId)
    .where('kind', '=', 'thumbnail')
    .execute();
  return rows.map((row) => row.name);
}

export async function deleteFilesByName(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.deleteFrom('files').where('name', 'in', names).execute();
}

/** Names of thumbnails whose post is gone (deleted for good: the link was set to null). */
export async function listOrphanThumbnailNames(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('name')
    .where('kind', '=', 'thumbnail')
    .where('post_id', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/** The user's stored files (uploads and thumbnails of their posts), in id order. */
export async function listFilesOfUser(
  db: Db,
  userId: number,
): Promise<{ name: string; content_type: string }[]> {
  return db
    .selectFrom('files')
    .select(['name', 'content_type'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
