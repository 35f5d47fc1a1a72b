import { preparedQuery, type Db } from '../../db/database.ts';
import { readCache } from '../../db/read-cache.ts';

export interface LiveSession {
  id: string;
  userId: number;
  tokenId: string;
  /** The token id the last refresh replaced, and when (ISO); null before the first refresh. */
  previousTokenId: string | null;
  rotatedAt: string | null;
  expiresAt: string;
  permission: number;
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; tokenId: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_id: session.tokenId,
      created_at: session.now,
      expires_at: session.expiresAt,
      ended_at: null,
    })
    .execute();
}

const liveSessionQuery = preparedQuery((db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.token_id',
      'sessions.previous_token_id',
      'sessions.rotated_at',
      'sessions.expires_at',
      'users.permission',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.ended_at', 'is', null),
);

type LiveSessionRow = Awaited<ReturnType<typeof liveSessionQuery>>[number];

/**
 * Live sessions kept while nothing is committed (db/read-cache.ts): every request with an access
 * token reads its session, and a sign-out, refresh or ended session is a commit.
 */
const liveSessions = readCache<readonly LiveSessionRow[]>({
  maxBytes: 1024 * 1024,
  sizeOf: (rows) => rows.length * SESSION_BYTES,
});

/** What a kept session takes, roughly, in bytes. */
const SESSION_BYTES = 300;

/** A session that has not ended, with its user's permission; undefined otherwise. */
export async function findLiveSession(db: Db, id: string): Promise<LiveSession | undefined> {
  const [row] = await liveSessions.read(db, id, () => liveSessionQuery(db, id));
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      tokenId: row.token_id,
      previousTokenId: row.previous_token_id,
      rotatedAt: row.rotated_at,
      expiresAt: row.expires_at,
      permission: row.permission,
    }
  );
}

/**
 * Replaces the session's accepted token id, only if `fromTokenId` is still the current one:
 * of two concurrent refreshes with the same token, exactly one wins. Remembers `fromTokenId`
 * and `now` (ISO) as the previous token. Returns whether it did.
 */
export async function rotateSessionToken(
  db: Db,
  id: string,
  fromTokenId: string,
  toTokenId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ token_id: toTokenId, previous_token_id: fromTokenId, rotated_at: now })
    .where('id', '=', id)
    .where('token_id', '=', fromTokenId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function endSession(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}
