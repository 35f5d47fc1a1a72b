/**
 * The auth feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): signing a user's other devices out when their password changes.
 */
import type { Db } from '../../db/database.ts';

/**
 * Ends every live session of the user except `keepId` (the one changing the password; null
 * for a reset, which ends them all): a password change signs out every other device.
 */
export async function endOtherSessions(
  db: Db,
  userId: number,
  keepId: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .$if(keepId !== null, (query) => query.where('id', '!=', keepId!))
    .execute();
}
