import { useCallback, useState } from 'react';

/**
 * Reads a JSON value from localStorage; `fallback` when it is missing, unreadable (storage
 * disabled, private mode) or does not pass `isValid`.
 */
export function readStored<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a JSON value to localStorage; a full or disabled storage only loses the preference. */
export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A preference that cannot be stored is not worth interrupting the user for.
  }
}

/** Type guard for `readStored` booleans. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/**
 * A boolean UI preference kept in localStorage under `key` (e.g. the sidebar toggle,
 * PRODUCT.md#layout-shell). Returns the value, a setter and a toggle.
 */
export function useStoredBoolean(key: string, initial: boolean) {
  const [value, setValue] = useState(() => readStored(key, initial, isBoolean));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  const toggle = useCallback(() => {
    setValue((current) => {
      writeStored(key, !current);
      return !current;
    });
  }, [key]);
  return [value, set, toggle] as const;
}

/**
 * A UI preference of any JSON shape kept in localStorage under `key` (e.g. a collection's view,
 * a sidebar width): `initial` until one is stored that passes `isValid`. Returns the value and a
 * setter that stores it.
 */
export function useStoredValue<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
) {
  const [value, setValue] = useState(() => readStored(key, initial, isValid));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set] as const;
}
