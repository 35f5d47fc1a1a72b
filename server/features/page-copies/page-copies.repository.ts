import { sql } from 'kysely';
import { preparedQuery, type Db } from '../../db/database.ts';
import { hostOfLink, releaseHostLease, takeHostLease } from '../../db/host-leases.ts';
import type { PageCopiesTable } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { takeTurn } from '../../db/user-turns.ts';

/**
 * A queued copy this process now owns, until `claimedAt` + the lease time, with the lease on its
 * link's host (db/host-leases.ts, shared with link previews: one page per host at a time).
 */
export interface ClaimedCopy {
  postId: number;
  userId: number;
  url: string;
  host: string;
  claimedAt: string;
}

/** What a saved copy stores (the row's columns; `status` and `copied_at` are set on save). */
export type SavedCopyFields = Pick<
  PageCopiesTable,
  | 'kind'
  | 'title'
  | 'byline'
  | 'site_name'
  | 'published_at'
  | 'excerpt'
  | 'lang'
  | 'word_count'
  | 'reading_minutes'
  | 'html_gz'
  | 'text_gz'
> & { search_text: string; stored_bytes: number };

/** The columns of a copy itself: cleared when a new link asks for a copy, or a first copy fails. */
const NO_COPY = {
  claimed_at: null,
  copied_at: null,
  failure: null,
  kind: null,
  title: null,
  byline: null,
  site_name: null,
  published_at: null,
  excerpt: null,
  lang: null,
  word_count: null,
  reading_minutes: null,
  html_gz: null,
  text_gz: null,
  search_text: '',
  stored_bytes: 0,
} as const;

/**
 * The `page_copies` rows that queue the copies of link posts (`p`, joined with their owner `u`),
 * requested at `now`; narrow it to the posts to queue.
 */
function linkPostsToQueue(db: Db, now: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select((eb) => [
      'p.id',
      'p.user_id',
      eb.val('queued').as('status'),
      eb.val(now).as('requested_at'),
    ])
    .where('p.url', 'is not', null);
}

/**
 * Queues the copies of the link posts `postIds` that have none yet (restored posts), requested at
 * `now`, when their owner has automatic copies on. Text posts are left out.
 */
export async function queueNewCopies(
  db: Db,
  postIds: readonly number[],
  now: string,
): Promise<void> {
  if (postIds.length === 0) return;
  await db
    .insertInto('page_copies')
    .columns(['post_id', 'user_id', 'status', 'requested_at'])
    .expression(
      linkPostsToQueue(db, now).where('p.id', 'in', postIds).where('u.auto_page_copies', '=', 1),
    )
    .execute();
}

/**
 * Puts the copy of link post `postId` in the queue, requested at `now`. A new link (`keepCopy`
 * false) empties the row: its old copy is of another page. A refresh (`keepCopy` true) keeps the
 * copy it had, searched and readable until the new one replaces it (or the refresh fails, see
 * failCopy). With `onlyIfAuto` only when the post's owner has automatic copies on
 * (`users.auto_page_copies`). Text posts are never queued. @returns whether the copy was queued
 */
export async function queueCopy(
  db: Db,
  postId: number,
  now: string,
  options: { onlyIfAuto: boolean; keepCopy: boolean },
): Promise<boolean> {
  let source = linkPostsToQueue(db, now).where('p.id', '=', postId);
  if (options.onlyIfAuto) source = source.where('u.auto_page_copies', '=', 1);
  const queued = await db
    .insertInto('page_copies')
    .columns(['post_id', 'user_id', 'status', 'requested_at'])
    .expression(source)
    .onConflict((oc) =>
      oc.column('post_id').doUpdateSet({
        ...(options.keepCopy ? { claimed_at: null, failure: null } : NO_COPY),
        status: 'queued',
        requested_at: now,
      }),
    )
    .returning('post_id')
    .executeTakeFirst();
  return queued !== undefined;
}

/** Candidates read per user and claim: more than the hosts other lanes can hold meanwhile. */
const CANDIDATES = 16;
/** Reads of the candidates when every one read was claimed by another lane or process first. */
const CONTENDED_READS = 10;

/**
 * Queued copies of live, published link posts that are unclaimed or whose claim is older than
 * `staleBefore` (a process that died), with their owner.
 */
function claimable(db: Db, staleBefore: string) {
  return db
    .selectFrom('page_copies as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .where('c.status', '=', 'queued')
    .where((eb) => eb.or([eb('c.claimed_at', 'is', null), eb('c.claimed_at', '<', staleBefore)]))
    .where('p.binned_at', 'is', null)
    .where(published('p'))
    .where('p.url', 'is not', null);
}

/** Users with a copy to claim, whose last claim is oldest first (one never served before anyone). */
const waitingUsersQuery = preparedQuery((db, staleBefore: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('page_copy_turns as t', 't.user_id', 'u.id')
    .select('u.id')
    .where((eb) =>
      eb.exists(
        claimable(db, staleBefore).select('c.post_id').where('c.user_id', '=', eb.ref('u.id')),
      ),
    )
    .orderBy((eb) => eb.fn.coalesce('t.turn', eb.lit(0)))
    .orderBy('u.id'),
);

/**
 * A user's claimable copies, newest post first: a link just saved goes before the copies of the
 * user's import, which are asked for one by one as their previews end (by request time, each
 * new one would jump ahead of it).
 */
const candidatesQuery = preparedQuery((db, userId: number, staleBefore: string) =>
  claimable(db, staleBefore)
    .select(['c.post_id', 'p.url'])
    .where('c.user_id', '=', userId)
    .orderBy('c.post_id', 'desc')
    .limit(CANDIDATES),
);

/**
 * Claims a queued copy that can be claimed now, or undefined when none can. A copy can be
 * claimed when it is queued, its post is live and published, it is unclaimed or its claim is
 * older than `leaseMs` (a process that died), and no live lease is held on its link's host.
 *
 * Fair share, as for link previews: users with copies to claim take turns (db/user-turns.ts),
 * and each user's newest post goes first, so a link just saved is not stuck behind an import's
 * copies, neither the user's own nor anybody else's (a refresh waits behind the user's newer
 * posts).
 *
 * The host lease, the row's `claimed_at` and the user's turn are written in one transaction,
 * the first two as compare-and-set writes: of processes racing for a copy exactly one wins, and
 * a claim that fails keeps no lease. When every candidate read was lost to a quicker lane, they
 * are read again (at most CONTENDED_READS times): undefined means nothing could be claimed.
 */
export async function claimQueuedCopy(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<ClaimedCopy | undefined> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - leaseMs).toISOString();
  for (let reads = 1; reads <= CONTENDED_READS; reads++) {
    let lost = false;
    for (const user of await waitingUsersQuery(db, staleBefore)) {
      const tried = new Set<string>();
      for (const candidate of await candidatesQuery(db, user.id, staleBefore)) {
        const host = hostOfLink(candidate.url!);
        if (tried.has(host)) continue;
        tried.add(host);
        const claim = { postId: candidate.post_id, userId: user.id, url: candidate.url!, host };
        const claimed = await db
          .transaction()
          .execute((trx) => claimCopy(trx, claim, at, staleBefore));
        if (claimed) return claimed;
        lost = true;
      }
    }
    if (!lost) return undefined;
  }
  return undefined;
}

/**
 * In a transaction: takes the lease on the copy's host, then the copy, then gives its user the
 * newest turn; undefined (and no lease kept) when the host or the copy is taken.
 */
async function claimCopy(
  trx: Db,
  claim: Omit<ClaimedCopy, 'claimedAt'>,
  at: string,
  staleBefore: string,
): Promise<ClaimedCopy | undefined> {
  const lease = { host: claim.host, postId: claim.postId, claimedAt: at };
  if (!(await takeHostLease(trx, lease, staleBefore))) return undefined;
  const row = await trx
    .updateTable('page_copies')
    .set({ claimed_at: at })
    .where('post_id', '=', claim.postId)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .returning('post_id')
    .executeTakeFirst();
  if (!row) {
    await releaseHostLease(trx, lease);
    return undefined;
  }
  await takeTurn(trx, 'page_copy_turns', claim.userId);
  return { ...claim, claimedAt: at };
}

/**
 * Only the holder of the claim writes, and only while the copy is still the one it claimed (a
 * refresh or a new link meanwhile queued it afresh, without a claim).
 */
function ownClaim(db: Db, claim: ClaimedCopy) {
  return db
    .updateTable('page_copies')
    .where('post_id', '=', claim.postId)
    .where('status', '=', 'queued')
    .where('claimed_at', '=', claim.claimedAt);
}

/**
 * Bytes the copies of `userId` take (`stored_bytes`), leaving out the copy of `exceptPostId` (the
 * one being replaced).
 */
export async function storedBytesOfUser(
  db: Db,
  userId: number,
  exceptPostId: number,
): Promise<number> {
  const row = await db
    .selectFrom('page_copies')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), sql.lit(0)).as('total'),
    )
    .where('user_id', '=', userId)
    .where('post_id', '<>', exceptPostId)
    .executeTakeFirstOrThrow();
  // PostgreSQL sums integers as bigint, which its driver gives as text.
  return Number(row.total);
}

/**
 * Stores a saved copy and ends the claim, in one transaction with the host's release.
 * @returns false when the claim was lost meanwhile (nothing written)
 */
export async function saveCopy(
  db: Db,
  claim: ClaimedCopy,
  fields: SavedCopyFields,
  now: string,
): Promise<boolean> {
  const result = await ownClaim(db, claim)
    .set({ ...fields, status: 'saved', claimed_at: null, copied_at: now, failure: null })
    .executeTakeFirst();
  await releaseHostLease(db, {
    host: claim.host,
    postId: claim.postId,
    claimedAt: claim.claimedAt,
  });
  return result.numUpdatedRows > 0n;
}

/**
 * Ends the claim of a copy that could not be made, with `failure` (a CopyFailure without its
 * `kind`, as JSON), in one transaction with the host's release. A refresh of a saved copy keeps
 * that copy: the row is 'saved' again, as of its old `copied_at`, with the refresh's `failure`
 * (a page that is gone does not take its copy with it). Otherwise the row is 'failed' at `now`.
 * @returns 'kept' (the old copy stays), 'failed', or false when the claim was lost (nothing
 * written)
 */
export async function failCopy(
  db: Db,
  claim: ClaimedCopy,
  failure: string,
  now: string,
): Promise<'kept' | 'failed' | false> {
  const kept = await ownClaim(db, claim)
    .where('kind', 'is not', null)
    .set({ status: 'saved', claimed_at: null, failure })
    .executeTakeFirst();
  const failed =
    kept.numUpdatedRows > 0n
      ? undefined
      : await ownClaim(db, claim)
          .set({ ...NO_COPY, status: 'failed', copied_at: now, failure })
          .executeTakeFirst();
  await releaseHostLease(db, {
    host: claim.host,
    postId: claim.postId,
    claimedAt: claim.claimedAt,
  });
  if (kept.numUpdatedRows > 0n) return 'kept';
  return failed!.numUpdatedRows > 0n ? 'failed' : false;
}

/** The copy row of a post, or undefined when none was asked for. */
export function findCopy(db: Db, postId: number) {
  return db.selectFrom('page_copies').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

/** A live, published post's fields that decide who may see its copy; undefined otherwise. */
export function findLivePost(db: Db, postId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'user_id', 'collection_id', 'url'])
    .where('id', '=', postId)
    .where('binned_at', 'is', null)
    .where(published('posts'))
    .executeTakeFirst();
}

/** The posts of `userId` that have a copy row (their snapshots are named by post id). */
export async function listCopyPostIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('page_copies')
    .select('post_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.post_id);
}
