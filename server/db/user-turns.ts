import type { Db } from './database.ts';

/**
 * Turns by user for the background queues that fetch pages (link previews: `preview_turns`,
 * migration 0011; page copies: `page_copy_turns`, migration 0022): each claim gives its user the
 * newest turn, and the queue serves the waiting user with the oldest turn first (one never served
 * before anyone), so one user's big import does not hold back another user's new link.
 */
export type TurnsTable = 'preview_turns' | 'page_copy_turns';

/**
 * Gives `userId` the newest turn of `table` (one counter shared by all its users). Run it in the
 * transaction of the claim it counts.
 */
export async function takeTurn(db: Db, table: TurnsTable, userId: number): Promise<void> {
  await db
    .insertInto(table)
    .values((eb) => ({
      user_id: userId,
      turn: eb
        .selectFrom(table)
        .select((inner) =>
          inner(inner.fn.coalesce(inner.fn.max('turn'), inner.lit(0)), '+', 1).as('next'),
        ),
    }))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ turn: eb.ref('excluded.turn') })),
    )
    .execute();
}
