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

/** Names per statement that lists them: far below either database's limit of parameters. */
const NAMES_PER_STATEMENT = 500;

function* slices<T>(items: readonly T[]): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += NAMES_PER_STATEMENT) {
    yield items.slice(i, i + NAMES_PER_STATEMENT);
  }
}

export async function deleteFilesByName(db: Db, names: readonly string[]): Promise<void> {
  for (const slice of slices(names)) {
    await db.deleteFrom('files').where('name', 'in', slice).execute();
  }
}

/**
 * Names of thumbnails whose post is gone (deleted for good: the link was set to null), at most
 * `limit` of them (default all).
 */
export async function listOrphanThumbnailNames(db: Db, limit?: number): Promise<string[]> {
  let query = db
    .selectFrom('files')
    .select('name')
    .where('kind', '=', 'thumbnail')
    .where('post_id', 'is', null);
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((row) => row.name);
}

/** Of `names`, the ones recorded as uploads. */
export async function listUploadNames(db: Db, names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const slice of slices(names)) {
    const rows = await db
      .selectFrom('files')
      .select('name')
      .where('kind', '=', 'upload')
      .where('name', 'in', slice)
      .execute();
    for (const row of rows) found.push(row.name);
  }
  return found;
}

/**
 * Whether any post (live or in a recycle bin, anyone's) refers to the stored file at `path`, in
 * its HTML or as its image. `_` in a name is a LIKE wildcard: a false match only keeps a file.
 */
export async function isFileReferenced(db: Db, path: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where((eb) => eb.or([eb('content', 'like', `%${path}%`), eb('image_path', '=', path)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
