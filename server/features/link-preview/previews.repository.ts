import type { Db } from '../../db/database.ts';

/** What a preview found for a post; null fields were not found. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  color: string | null;
  /** Nestmark path of the stored thumbnail. */
  image_path: string | null;
}

/** A link post whose preview this process now owns, until `claimedAt` + the lease time. */
export interface ClaimedPreview {
  id: number;
  user_id: number;
  url: string;
  claimedAt: string;
  /** Tries so far, this one included. */
  attempts: number;
}

/**
 * Claims one live link post waiting for its preview: unclaimed, or claimed before `staleBefore`
 * (a process that died or gave up; this is also how failed tries wait before the next one). Newest
 * posts first, so what a user just saved is not stuck behind a large import. The claim is a
 * compare-and-set on the lease column, so when two processes race for a post exactly one wins;
 * the loser takes the next candidate.
 */
export async function claimPendingPreview(
  db: Db,
  now: string,
  staleBefore: string,
): Promise<ClaimedPreview | undefined> {
  const candidates = await db
    .selectFrom('posts')
    .select('id')
    .where('preview_status', '=', 'pending')
    .where('archived_at', 'is', null)
    .where((eb) =>
      eb.or([eb('preview_claimed_at', 'is', null), eb('preview_claimed_at', '<', staleBefore)]),
    )
    .orderBy('id', 'desc')
    .limit(8)
    .execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('posts')
      .set((eb) => ({
        preview_claimed_at: now,
        preview_attempts: eb('preview_attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('preview_status', '=', 'pending')
      .where((eb) =>
        eb.or([eb('preview_claimed_at', 'is', null), eb('preview_claimed_at', '<', staleBefore)]),
      )
      .returning(['id', 'user_id', 'url', 'preview_attempts'])
      .executeTakeFirst();
    if (claimed?.url) {
      return {
        id: claimed.id,
        user_id: claimed.user_id,
        url: claimed.url,
        claimedAt: now,
        attempts: claimed.preview_attempts,
      };
    }
  }
  return undefined;
}

/** Only the holder of the claim writes, and only while the post still links to what was fetched. */
function ownClaim(db: Db, claim: ClaimedPreview) {
  return db
    .updateTable('posts')
    .where('id', '=', claim.id)
    .where('url', '=', claim.url)
    .where('preview_status', '=', 'pending')
    .where('preview_claimed_at', '=', claim.claimedAt);
}

/**
 * Stores a finished preview. The title is replaced only while it is still the URL (the user gave
 * none), the description only while empty; colour and thumbnail only when found.
 */
export async function completePreview(
  db: Db,
  claim: ClaimedPreview,
  preview: LinkPreview,
): Promise<void> {
  await ownClaim(db, claim)
    .set((eb) => ({
      title:
        preview.title === null
          ? eb.ref('title')
          : eb
              .case()
              .when('title', '=', eb.ref('url'))
              .then(preview.title)
              .else(eb.ref('title'))
              .end(),
      description:
        preview.description === null
          ? eb.ref('description')
          : eb
              .case()
              .when(eb.or([eb('description', 'is', null), eb('description', '=', '')]))
              .then(preview.description)
              .else(eb.ref('description'))
              .end(),
      color: preview.color ?? eb.ref('color'),
      image_path: preview.image_path ?? eb.ref('image_path'),
      preview_status: 'done',
      preview_claimed_at: null,
    }))
    .execute();
}

/** Gives up on a preview: the post stays as saved (titled by its URL). */
export async function failPreview(db: Db, claim: ClaimedPreview): Promise<void> {
  await ownClaim(db, claim).set({ preview_status: 'failed', preview_claimed_at: null }).execute();
}
