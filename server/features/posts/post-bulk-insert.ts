/**
 * The posts feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): inserting many post rows at once, as an account restore does.
 */
import type { Db } from '../../db/database.ts';
import type { NewPostRow } from '../../db/schema.ts';

// Rows per multi-row insert: 15 columns × 500 stays under both dialects' bind limits.
const INSERT_BATCH = 500;

/** Inserts many posts; returns their ids in the order of `rows`. */
export async function insertPosts(db: Db, rows: readonly NewPostRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const inserted = await db
      .insertInto('posts')
      .values(rows.slice(i, i + INSERT_BATCH))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
