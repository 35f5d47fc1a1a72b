import { LRUCache } from 'lru-cache';
import type { Db } from './database.ts';
import { committedVersionOf, type CommittedVersion } from './committed-version.ts';

/** A cache of one kind of read (see `readCache`). */
export interface ReadCache<T> {
  /**
   * The value of `load` for `key`: kept from an earlier call when nothing has been committed to
   * the database since, else loaded (and kept, frozen). `key` must name everything the read
   * depends on besides the database's content.
   */
  read(db: Db, key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * A cache of the results of a frequent read (docs/ARCHITECTURE.md, "Reads kept while nothing
 * changes"): a result is kept with the database's committed version (`committedVersionOf`),
 * read before loading it, and served while a version read after the call began is the same, so
 * it is never older than the database, whoever wrote to it. Where there is no such version
 * (`:memory:`, inside a transaction) every read loads.
 *
 * Kept results are frozen through and through, so that a caller that changed one would fail
 * loudly rather than change what the next caller reads.
 * @param maxBytes the most the cache of one database keeps, by `sizeOf` (approximate bytes);
 *   a result larger than that is not kept
 */
export function readCache<T extends object>({
  maxBytes,
  sizeOf,
}: {
  maxBytes: number;
  sizeOf: (value: T) => number;
}): ReadCache<T> {
  type Entry = { version: number | string; value: T };
  // One cache per database (tests and benchmarks open several in one process).
  const caches = new WeakMap<CommittedVersion, LRUCache<string, Entry>>();
  return {
    async read(db, key, load) {
      const version = committedVersionOf(db);
      if (!version) return load();
      let cache = caches.get(version);
      if (!cache) {
        cache = new LRUCache<string, Entry>({
          maxSize: maxBytes,
          sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
        });
        caches.set(version, cache);
      }
      // Read before loading: a commit while loading leaves the entry older than the count, and
      // the next read loads again.
      const now = await version();
      const kept = cache.get(key);
      if (kept?.version === now) return kept.value;
      const value = deepFreeze(await load());
      cache.set(key, { version: now, value });
      return value;
    },
  };
}

/**
 * Freezes `value` and every array or object in it (results are rows: no cycles). Binary columns
 * (buffers) cannot be frozen and stay as they are.
 */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (typeof inner === 'object' && inner !== null && !ArrayBuffer.isView(inner))
      deepFreeze(inner);
  }
  return Object.freeze(value);
}
