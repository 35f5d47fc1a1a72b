import { useStoredValue } from '../../lib/local-storage.ts';

/** localStorage key of the preference `name` of collection `collectionId` (0 = Uncategorized). */
export function collectionPreferenceKey(name: string, collectionId: number): string {
  return `nestmark:${name}:${collectionId}`;
}

/**
 * A view preference remembered per collection (e.g. its post view or sort): `initial` until
 * one is chosen for that collection. Returns the value and a setter that stores it.
 */
export function useCollectionPreference<T>(
  name: string,
  collectionId: number,
  initial: T,
  isValid: (value: unknown) => value is T,
) {
  return useStoredValue(collectionPreferenceKey(name, collectionId), initial, isValid);
}
