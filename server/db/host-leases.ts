import type { Db } from './database.ts';

/**
 * Leases on the hosts whose pages are being fetched (table `preview_hosts`, migration 0011): one
 * lease per host name, so all processes together fetch at most one page per host at a time,
 * whatever asks for it (a link preview or a page copy). A lease names the post it is taken for
 * and when; one older than the taker's lease time is abandoned (its process died) and may be
 * taken over. Both writes are compare-and-set: when processes race for a host, exactly one wins.
 */
export interface HostLease {
  /** Host name, lower case. */
  host: string;
  /** The post whose page is fetched. */
  postId: number;
  /** When the lease was taken (UTC ISO-8601): it names this lease among later ones. */
  claimedAt: string;
}

/**
 * Takes the lease on `lease.host` unless a live one is held (taken at or after `staleBefore`).
 * Run it in the transaction that claims the post, so that a claim that fails keeps no lease.
 * @returns whether the lease was taken
 */
export async function takeHostLease(
  db: Db,
  lease: HostLease,
  staleBefore: string,
): Promise<boolean> {
  const taken = await db
    .insertInto('preview_hosts')
    .values({ host: lease.host, post_id: lease.postId, claimed_at: lease.claimedAt })
    .onConflict((oc) =>
      oc
        .column('host')
        .doUpdateSet({ post_id: lease.postId, claimed_at: lease.claimedAt })
        .where('preview_hosts.claimed_at', '<', staleBefore),
    )
    .returning('host')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Ends a lease: only this one (a lease taken over since is left alone). */
export async function releaseHostLease(db: Db, lease: HostLease): Promise<void> {
  await db
    .deleteFrom('preview_hosts')
    .where('host', '=', lease.host)
    .where('post_id', '=', lease.postId)
    .where('claimed_at', '=', lease.claimedAt)
    .execute();
}

/** The host name of a link (`https://Example.com:8443/a` → `example.com`); the text itself when not a URL. */
export function hostOfLink(link: string): string {
  try {
    return new URL(link).hostname;
  } catch {
    // Not an http(s) link: the text itself keeps such links apart from every real host.
    return link;
  }
}
