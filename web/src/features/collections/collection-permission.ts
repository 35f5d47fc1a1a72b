import { Permission } from '../../../../contract/permissions.ts';
import { UNCATEGORIZED_ID } from './collection-tree.ts';
import { useCollection } from './collections.queries.ts';

/**
 * The signed-in user's permission on a collection (SPEC §6), the one place the web asks: controls
 * hide below the thresholds of contract/permissions.ts. Full rights on one's own Uncategorized
 * bucket; elsewhere the bits the server sent with the collection (none until it is known). The
 * server decides every access regardless.
 */
export function useCollectionPermission(collectionId: number): number {
  const collection = useCollection(collectionId);
  if (collectionId === UNCATEGORIZED_ID) return Permission.FULL;
  return collection.data?.permission ?? Permission.NONE;
}
