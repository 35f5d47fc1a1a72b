import { Permission } from '../../../../contract/permissions.ts';
import { findInTree, pickerIdOf, UNCATEGORIZED_ID } from './collection-tree.ts';
import { useCollection, useCollectionTree } from './collections.queries.ts';

/**
 * The signed-in user's permission on a collection (PRODUCT.md#permissions), the one place the web
 * asks: controls hide below the thresholds of contract/permissions.ts. Full rights on one's own
 * Uncategorized bucket; elsewhere the bits the server sent with the collection (none until it is
 * known). The server decides every access regardless.
 */
export function useCollectionPermission(collectionId: number): number {
  const collection = useCollection(collectionId);
  if (collectionId === UNCATEGORIZED_ID) return Permission.FULL;
  return collection.data?.permission ?? Permission.NONE;
}

/**
 * The user's permission on the collection of any post of a mixed list (search results,
 * PRODUCT.md#permissions): full rights in their Uncategorized bucket, else the bits of the
 * collection in their tree or among the shared ones (none while the tree loads or for a collection
 * not in it).
 */
export function usePermissionOfCollection(): (collectionId: number | null) => number {
  const tree = useCollectionTree().data;
  return (collectionId) => {
    const id = pickerIdOf(collectionId);
    if (id === UNCATEGORIZED_ID) return Permission.FULL;
    const found = tree && (findInTree(tree.collections, id) ?? findInTree(tree.shared, id));
    return found?.permission ?? Permission.NONE;
  };
}
