/**
 * The posts feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): inserting many post rows at once, as an import or an account restore does.
 */
import { bulkInsertReturningIds } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import type { NewPostRow } from '../../db/schema.ts';
import { withUrlKey } from './posts.repository.ts';

/**
 * Inserts many posts, with the orders the caller worked out through `post-order.ts` (`denseOrders`,
 * `ordersOnTop`). Every row has the same keys (the columns written; see `bulkInsert`).
 * @returns the new ids, in the order of `rows`.
 */
export function insertPosts(db: Db, rows: readonly NewPostRow[]): Promise<number[]> {
  return bulkInsertReturningIds(db, 'posts', rows.map(withUrlKey));
}
