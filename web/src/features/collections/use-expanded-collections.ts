import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/local-storage.ts';

/**
 * localStorage key of the sidebar's open collections (PRODUCT.md#layout-shell: remembered per
 * collection).
 */
export const EXPANDED_COLLECTIONS_KEY = 'nestmark:expanded-collections';

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item));
}

/** The open ids after opening (`open` true) or closing `ids`; order kept, no duplicates. */
export function withExpanded(
  current: readonly number[],
  ids: readonly number[],
  open: boolean,
): number[] {
  const rest = current.filter((id) => !ids.includes(id));
  return open ? [...rest, ...ids] : rest;
}

// One store for every tree that shows collections (own and shared), so they never overwrite
// each other's state; the snapshot is re-read only when the stored text changed.
const listeners = new Set<() => void>();
let lastRaw: string | null | undefined;
let lastValue: number[] = [];

function snapshot(): number[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(EXPANDED_COLLECTIONS_KEY);
  } catch {
    // Storage disabled: nothing is remembered.
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastValue = readStored(EXPANDED_COLLECTIONS_KEY, [], isIdList);
  }
  return lastValue;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Which collections of the sidebar trees are expanded, remembered in localStorage across visits
 * and shared by every tree on the page. Collections start closed.
 */
export function useExpandedCollections() {
  const expanded = useSyncExternalStore(subscribe, snapshot);

  const setOpen = useCallback((ids: readonly number[], open: boolean) => {
    const current = snapshot();
    const next = withExpanded(current, ids, open);
    if (next.length === current.length && next.every((id, index) => id === current[index])) return;
    writeStored(EXPANDED_COLLECTIONS_KEY, next);
    for (const listener of listeners) listener();
  }, []);

  // Stable callbacks: an effect that reveals the current collection must not run again (and
  // re-open what the user just closed) because something else was toggled.
  const toggle = useCallback((id: number) => setOpen([id], !snapshot().includes(id)), [setOpen]);
  const expand = useCallback((ids: readonly number[]) => setOpen(ids, true), [setOpen]);
  return useMemo(
    () => ({ isExpanded: (id: number) => expanded.includes(id), toggle, expand }),
    [expanded, toggle, expand],
  );
}
