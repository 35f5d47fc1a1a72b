import { giveWay } from '../../lib/give-way.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import { preparedQuery, type Db } from '../../db/database.ts';
import { hostOfLink, releaseHostLease, takeHostLease } from '../../db/host-leases.ts';
import type { Database, PreviewStatus } from '../../db/schema.ts';
import { published } from '../../db/staging.ts';
import { takeTurn } from '../../db/user-turns.ts';

/** What a preview found for a post; null fields were not found. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  color: string | null;
  /** Nestmark path of the stored thumbnail. */
  image_path: string | null;
}

/**
 * A link post whose preview this process now owns, with the lease on its host, until
 * `claimedAt` + the lease time.
 */
export interface ClaimedPreview {
  id: number;
  user_id: number;
  url: string;
  /** Host name of the link (lower case), leased in `preview_hosts` for this claim. */
  host: string;
  claimedAt: string;
  /** Tries so far, this one included. */
  attempts: number;
}

/** Candidates read per user and claim; more than the posts other lanes can take meanwhile. */
const CANDIDATES = 8;
/**
 * Reads of the candidates per claim while every candidate read is lost to other claimers (lanes
 * of this or another process): each loss is another claim made, so reading again finds the next
 * posts. Beyond this many reads the claim gives up, as if nothing could be claimed.
 */
const CONTENDED_READS = 10;

/** Pending posts queued per statement. */
const QUEUE_BATCH = 500;

/**
 * Puts pending link posts in the queue: records the host name of every pending post whose
 * `base_url` has no host yet or a host read from another origin (its link changed since). Until
 * then such posts are not claimed, so a claim never leases a stale host.
 *
 * Walks the pending posts once, by id, QUEUE_BATCH at a time: one read and one update per batch,
 * whatever the number of hosts (an import of 100,000 links has about as many host names; one
 * update per host, each reading every pending post, took hours). Each batch is its own statement,
 * so other work gets the database in between.
 * @param options.stopped asked between batches; true ends the walk early (shutdown).
 * @returns how many posts were queued.
 */
export async function queuePendingPreviews(
  db: Db,
  options: { stopped?: () => boolean } = {},
): Promise<number> {
  const unqueued = (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.or([eb('preview_origin', 'is', null), eb('preview_origin', '<>', eb.ref('base_url'))]);
  let queued = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom('posts')
      .select(['id', 'base_url'])
      .where('preview_status', '=', 'pending')
      .where('id', '>', after)
      .where('base_url', 'is not', null)
      .where(unqueued)
      .orderBy('id')
      .limit(QUEUE_BATCH)
      .execute();
    if (batch.length === 0) return queued;
    after = batch.at(-1)!.id;
    const origins = [...new Set(batch.map((post) => post.base_url!))];
    const host = sql<string>`case base_url ${sql.join(
      origins.map((origin) => sql`when ${origin} then ${hostOfLink(origin)}`),
      sql` `,
    )} end`;
    const result = await db
      .updateTable('posts')
      .set({ preview_origin: sql.ref('base_url'), preview_host: host })
      .where(
        'id',
        'in',
        batch.map((post) => post.id),
      )
      .where('preview_status', '=', 'pending')
      // A link changed since the read waits for the next walk: its host is not in `host`.
      .where('base_url', 'in', origins)
      .where(unqueued)
      .executeTakeFirst();
    queued += Number(result.numUpdatedRows);
    if (batch.length < QUEUE_BATCH || options.stopped?.()) return queued;
    // Other requests go first between batches: on SQLite the statements run synchronously, so
    // a walk over 100,000 posts would otherwise hold the process for seconds.
    await giveWay();
  }
}

/*
 * The queries of a claim run for every preview, so each is compiled once, and each reads through
 * one of migration 0011's partial indexes: only claimable posts, never the posts that wait for a
 * retry (an import of dead links leaves thousands of them) nor those already done. The indexes'
 * conditions are written as literals: PostgreSQL cannot match a partial index to a parameter.
 */
const PENDING = sql.lit<PreviewStatus>('pending');

/** A user's live queued posts that are not claimed (or whose claim is stale), of hosts not leased. */
function claimable(db: Db, userId: number, staleBefore: string) {
  return db
    .selectFrom('posts as p')
    .select(['p.id', 'p.preview_host'])
    .where('p.user_id', '=', userId)
    .where('p.preview_status', '=', PENDING)
    .where('p.binned_at', 'is', null)
    .where(published('p'))
    .where('p.url', 'is not', null)
    .whereRef('p.preview_origin', '=', 'p.base_url')
    .where((eb) =>
      eb.or([eb('p.preview_claimed_at', 'is', null), eb('p.preview_claimed_at', '<', staleBefore)]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('preview_hosts as h')
            .select('h.host')
            .whereRef('h.host', '=', 'p.preview_host')
            .where('h.claimed_at', '>=', staleBefore),
        ),
      ),
    )
    .limit(CANDIDATES);
}

/** Claimable posts never tried, newest first: a link just saved goes before its user's import. */
const freshCandidatesQuery = preparedQuery((db, userId: number, staleBefore: string) =>
  claimable(db, userId, staleBefore)
    .where('p.preview_attempts', '=', sql.lit(0))
    .orderBy('p.id', 'desc'),
);

/** Claimable posts tried before whose time has come (a retry, or a claim that ran out), oldest due first. */
const dueCandidatesQuery = preparedQuery((db, userId: number, now: string, staleBefore: string) =>
  claimable(db, userId, staleBefore)
    .where('p.preview_attempts', '>', sql.lit(0))
    .where('p.preview_retry_at', '<=', now)
    .orderBy('p.preview_retry_at')
    .orderBy('p.id'),
);

/**
 * Users with a post to claim now, whose last claim is oldest first (one never served before
 * anyone): two index probes per user.
 */
const waitingUsersQuery = preparedQuery((db, now: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('preview_turns as t', 't.user_id', 'u.id')
    .select('u.id')
    .where((eb) => {
      const pending = eb
        .selectFrom('posts as p')
        .select('p.id')
        .whereRef('p.user_id', '=', 'u.id')
        .where('p.preview_status', '=', PENDING)
        .where('p.binned_at', 'is', null)
        .where(published('p'));
      return eb.or([
        eb.exists(pending.where('p.preview_attempts', '=', sql.lit(0))),
        eb.exists(
          pending
            .where('p.preview_attempts', '>', sql.lit(0))
            .where('p.preview_retry_at', '<=', now),
        ),
      ]);
    })
    .orderBy((eb) => eb.fn.coalesce('t.turn', eb.lit(0)))
    .orderBy('u.id'),
);

/**
 * Claims one queued link post for its preview, or undefined when none can be claimed now. A post
 * can be claimed when it is pending, live, unclaimed or claimed before `now` - `leaseMs` (a
 * process that died), not waiting for a retry (`preview_retry_at` after `now`), and no live lease
 * is held on its host: all processes together fetch at most one page per host at a time.
 *
 * Fair share: users with claimable posts take turns, the one whose last claim is oldest first
 * (one never served before anyone), and each user's newest post goes first, so a link just saved
 * is not stuck behind a big import, neither the user's own nor anybody else's; posts tried before
 * come after the user's new ones.
 *
 * Both the host lease and the post are taken with compare-and-set writes, so when processes race
 * exactly one wins each; the loser takes the next candidate, and when it lost every candidate it
 * read, it reads them again (at most CONTENDED_READS times): undefined means nothing could be
 * claimed, not that others were quicker, so that a worker lane does not stop while work is left
 * (many lanes of several processes reading the same newest posts lose often). Lease, post and
 * turn are written in one transaction: a write that fails (SQLite busy) leaves no lease behind.
 * The claim sets the post's `preview_retry_at` to when the claim runs out.
 */
export async function claimPendingPreview(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<ClaimedPreview | undefined> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - leaseMs).toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  for (let reads = 1; reads <= CONTENDED_READS; reads++) {
    let lost = false;
    for (const user of await waitingUsersQuery(db, at)) {
      for (const candidates of [
        () => freshCandidatesQuery(db, user.id, staleBefore),
        () => dueCandidatesQuery(db, user.id, at, staleBefore),
      ]) {
        const tried = new Set<string>();
        for (const { id, preview_host: host } of await candidates()) {
          if (host === null || tried.has(host)) continue;
          tried.add(host);
          const claim = await db
            .transaction()
            .execute((trx) => claimPost(trx, id, host, { at, staleBefore, leaseUntil }));
          if (claim) return claim;
          lost = true;
        }
      }
    }
    if (!lost) return undefined;
  }
  return undefined;
}

/**
 * In a transaction: takes the lease on `host`, then the post; undefined (and no lease kept) when
 * either is taken.
 */
async function claimPost(
  trx: Db,
  id: number,
  host: string,
  { at: now, staleBefore, leaseUntil }: { at: string; staleBefore: string; leaseUntil: string },
): Promise<ClaimedPreview | undefined> {
  if (!(await takeHostLease(trx, { host, postId: id, claimedAt: now }, staleBefore))) {
    return undefined;
  }
  const claimed = await trx
    .updateTable('posts')
    .set((eb) => ({
      preview_claimed_at: now,
      preview_attempts: eb('preview_attempts', '+', 1),
      preview_retry_at: leaseUntil,
    }))
    .where('id', '=', id)
    .where('preview_status', '=', 'pending')
    .where('preview_host', '=', host)
    .whereRef('preview_origin', '=', 'base_url')
    .where((eb) =>
      eb.and([
        eb.or([eb('preview_claimed_at', 'is', null), eb('preview_claimed_at', '<', staleBefore)]),
        eb.or([eb('preview_attempts', '=', 0), eb('preview_retry_at', '<=', now)]),
      ]),
    )
    .returning(['id', 'user_id', 'url', 'preview_attempts'])
    .executeTakeFirst();
  if (!claimed?.url) {
    await releaseHost(trx, { host, id, claimedAt: now });
    return undefined;
  }
  // The user's turn: the newest of all, so every other waiting user goes before them next time.
  await takeTurn(trx, 'preview_turns', claimed.user_id);
  return {
    id,
    user_id: claimed.user_id,
    url: claimed.url,
    host,
    claimedAt: now,
    attempts: claimed.preview_attempts,
  };
}

/** Ends the lease on the claim's host (only the lease this claim took). */
function releaseHost(
  db: Db,
  claim: Pick<ClaimedPreview, 'host' | 'id' | 'claimedAt'>,
): Promise<void> {
  return releaseHostLease(db, { host: claim.host, postId: claim.id, claimedAt: claim.claimedAt });
}

/** The queue's fields of a post whose preview is finished: they matter only while pending. */
const LEFT_QUEUE = {
  preview_claimed_at: null,
  preview_origin: null,
  preview_host: null,
  preview_retry_at: null,
} as const;

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
 * Stores a finished preview and ends the claim. Run it in a transaction, as the two other ways a
 * claim ends: the post and its host's lease change together. What the post already says wins:
 * the title is replaced only while it is still the URL (nobody named the link: not the user, not
 * the imported file), the description only while empty; colour and thumbnail are set when found.
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
      ...LEFT_QUEUE,
    }))
    .execute();
  await releaseHost(db, claim);
}

/** A passing failure: the claim ends and the post waits until `retryAt` for its next try. */
export async function retryPreviewLater(
  db: Db,
  claim: ClaimedPreview,
  retryAt: string,
): Promise<void> {
  await ownClaim(db, claim).set({ preview_claimed_at: null, preview_retry_at: retryAt }).execute();
  await releaseHost(db, claim);
}

/** Gives up on a preview: the post stays as saved (titled by its URL, or by the user's title). */
export async function failPreview(db: Db, claim: ClaimedPreview): Promise<void> {
  await ownClaim(db, claim)
    .set({ preview_status: 'failed', ...LEFT_QUEUE })
    .execute();
  await releaseHost(db, claim);
}
