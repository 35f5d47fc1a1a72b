import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Something that changes whenever anything is committed to a database, by this process or any
 * other (docs/ARCHITECTURE.md, "Reads kept while nothing changes"): two equal readings mean that
 * nothing was committed between them. A reading taken after a call began reflects every commit
 * acknowledged before it.
 */
export type CommittedVersion = () => number | string | Promise<number | string>;

/** The committed version of each database that has one, by Kysely adapter. */
const versions = new WeakMap<object, CommittedVersion>();

/** Gives `db` (and every transaction of it) its committed version; see `committedVersionOf`. */
export function setCommittedVersion(db: Db, version: CommittedVersion): void {
  versions.set(db.getExecutor().adapter, version);
}

/**
 * The committed version of the database under `db`: SQLite's `PRAGMA data_version` on a file's
 * reader connection (db/sqlite.ts), PostgreSQL's current snapshot (`postgresSnapshot`).
 * Undefined for `:memory:` (one connection, whose own writes do not move it) and inside a
 * transaction, which reads its own uncommitted writes. For caches of reads (db/read-cache.ts).
 */
export function committedVersionOf(db: Db): CommittedVersion | undefined {
  if (db.isTransaction) return undefined;
  return versions.get(db.getExecutor().adapter);
}

/**
 * PostgreSQL's current snapshot of `db`'s server as text (`pg_current_snapshot()`: the oldest
 * transaction still running, the next transaction id, and those running in between; PostgreSQL
 * 13 or later). It changes with every commit to the server, in any database: a commit takes its
 * transaction out of the running ones or below the next id, and it never comes back. So two equal
 * snapshots mean that nothing was committed in between. Read through `readsAfterCall`, so that
 * the requests of a busy server share one round trip.
 */
export function postgresSnapshot(db: Db): () => Promise<string> {
  return readsAfterCall(
    async () =>
      (await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(db))
        .rows[0]!.snapshot,
  );
}

/**
 * `read`, shared by callers: each call is answered by a read started after the call began (so a
 * version read that way has every commit acknowledged before the call), and calls made while a
 * read is on its way share the next one. At most one read is in flight.
 * @throws what `read` throws, to the calls that share it; the next call reads again
 */
export function readsAfterCall<T>(read: () => Promise<T>): () => Promise<T> {
  /** The read in flight. */
  let sent: Promise<T> | undefined;
  /** The read to start when the one in flight ends, shared by the calls since it started. */
  let next: Promise<T> | undefined;
  return () => {
    if (next) return next;
    const before = sent;
    next = (async () => {
      // Awaited also when nothing is in flight, so that `next` is set when it is cleared here.
      await before?.catch(() => undefined);
      next = undefined;
      const reading = read();
      sent = reading;
      try {
        return await reading;
      } finally {
        if (sent === reading) sent = undefined;
      }
    })();
    return next;
  };
}
