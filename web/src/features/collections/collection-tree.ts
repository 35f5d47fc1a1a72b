import type {
  Collection,
  CollectionNode,
  collectionEndpoints,
} from '../../../../contract/collections.ts';
import type { EndpointResponse } from '../../../../contract/endpoint.ts';
import type { TreeOption } from '../../ui/tree-select.tsx';

/** PRODUCT.md#limits: the Uncategorized bucket is collection 0 in pickers (null in data). */
export const UNCATEGORIZED_ID = 0;
export const UNCATEGORIZED_NAME = 'Uncategorized';

/** The id pickers use for a post's or collection's collection (null → 0). */
export function pickerIdOf(collectionId: number | null | undefined): number {
  return collectionId == null || collectionId <= 0 ? UNCATEGORIZED_ID : collectionId;
}

/**
 * The collection a URL names: 0 for none (`/` is Uncategorized), the number for a digits-only
 * `:collectionId`, undefined for anything else (a page that does not exist).
 */
export function collectionIdFromParam(param: string | undefined): number | undefined {
  if (param === undefined) return UNCATEGORIZED_ID;
  return /^\d+$/.test(param) ? Number(param) : undefined;
}

/** The page of a collection: `/` for Uncategorized (PRODUCT.md#routes), else `/c/{id}`. */
export function collectionPath(collectionId: number | null | undefined): string {
  const id = pickerIdOf(collectionId);
  return id === UNCATEGORIZED_ID ? '/' : `/c/${id}`;
}

/** Depth-first, in sibling order: each collection with its depth (0 = top level). */
export function flattenTree(
  nodes: readonly CollectionNode[],
  depth = 0,
): { collection: CollectionNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { collection: node, depth },
    ...flattenTree(node.nested, depth + 1),
  ]);
}

/**
 * Choices for a collection tree select. `exclude` drops a collection with everything below it
 * (a collection cannot move into itself or a descendant); `uncategorized` puts the bucket first.
 */
export function collectionOptions(
  nodes: readonly CollectionNode[],
  { exclude, uncategorized = false }: { exclude?: number; uncategorized?: boolean } = {},
): TreeOption<number>[] {
  const kept = exclude === undefined ? nodes : pruneTree(nodes, exclude);
  const options = flattenTree(kept).map(({ collection, depth }) => ({
    value: collection.id,
    label: collection.name,
    depth,
  }));
  return uncategorized
    ? [{ value: UNCATEGORIZED_ID, label: UNCATEGORIZED_NAME, depth: 0 }, ...options]
    : options;
}

/**
 * The choices whose label contains `query` (ignoring case), each with the collections above it,
 * so that a match keeps its place and indent in the tree; all of them for a blank query.
 * `options` is a flattened tree in depth-first order, as `collectionOptions` returns it.
 */
export function filterTreeOptions<V>(
  options: readonly TreeOption<V>[],
  query: string,
): TreeOption<V>[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  const kept = new Set<number>();
  // Indexes of the collections above the current one: path[d] is its ancestor at depth d.
  const path: number[] = [];
  options.forEach((option, index) => {
    path.length = option.depth;
    if (option.label.toLowerCase().includes(needle)) {
      kept.add(index);
      for (const ancestor of path) kept.add(ancestor);
    }
    path.push(index);
  });
  return options.filter((_, index) => kept.has(index));
}

/** The tree without the collection `id` and its descendants. */
function pruneTree(nodes: readonly CollectionNode[], id: number): CollectionNode[] {
  return nodes
    .filter((node) => node.id !== id)
    .map((node) => ({ ...node, nested: pruneTree(node.nested, id) }));
}

/** The collection `id` anywhere in the tree. */
export function findInTree(
  nodes: readonly CollectionNode[],
  id: number,
): CollectionNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findInTree(node.nested, id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of the collections above `id`, outermost first; empty when it is top-level or unknown. */
export function ancestorIds(nodes: readonly CollectionNode[], id: number): number[] {
  for (const node of nodes) {
    if (node.id === id) return [];
    if (findInTree(node.nested, id)) return [node.id, ...ancestorIds(node.nested, id)];
  }
  return [];
}

/** How many collections sit below `node`, at any depth. */
export function countDescendants(node: Pick<CollectionNode, 'nested'>): number {
  return node.nested.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}

type CollectionListing = EndpointResponse<typeof collectionEndpoints.list>['data'];

/**
 * GET /api/collections answers a bare list or `{ collections, shared_collections,
 * uncategorized_post_count }` depending on `withShared`, and nodes or flat rows depending on
 * `nested`; the web always asks for `nested=true&withShared=true`, so this narrows the union to
 * that shape (`uncategorizedPostCount` 0 for a bare list).
 */
export function asTreeListing(data: CollectionListing): {
  collections: CollectionNode[];
  shared: CollectionNode[];
  uncategorizedPostCount: number;
} {
  const toNodes = (list: CollectionNode[] | Collection[]): CollectionNode[] =>
    list.map((item) => ({ ...item, nested: 'nested' in item ? toNodes(item.nested) : [] }));
  if (Array.isArray(data)) {
    return { collections: toNodes(data), shared: [], uncategorizedPostCount: 0 };
  }
  return {
    collections: toNodes(data.collections),
    shared: toNodes(data.shared_collections),
    uncategorizedPostCount: data.uncategorized_post_count,
  };
}

/**
 * Live posts in `node` and every collection below it, summed over the tree given (for a tree
 * that holds the whole subtree, e.g. a public share that opens its sub-collections).
 */
export function subtreePostCount<T extends { post_count: number; nested: readonly T[] }>(
  node: T,
): number {
  return node.nested.reduce((sum, child) => sum + subtreePostCount(child), node.post_count);
}

/** A row of the sidebar tree as shown: a collection, its depth and its parent. */
export interface VisibleRow {
  id: number;
  parentId: number | null;
  depth: number;
}

/** The rows the sidebar shows: depth first, children only under expanded collections. */
export function visibleRows(
  nodes: readonly CollectionNode[],
  isExpanded: (id: number) => boolean,
  parentId: number | null = null,
  depth = 0,
): VisibleRow[] {
  return nodes.flatMap((node) => [
    { id: node.id, parentId, depth },
    ...(isExpanded(node.id) ? visibleRows(node.nested, isExpanded, node.id, depth + 1) : []),
  ]);
}

/** Where a dragged collection lands: its new parent and 1-based place among the siblings there. */
export interface TreeDrop {
  parentId: number | null;
  localOrder: number;
  depth: number;
}

/**
 * Where a collection dragged in the sidebar lands (the sortable-tree pattern): it takes the
 * place of the row it is over, at the depth its horizontal drag asks for (`offsetDepth` levels
 * right or left of its own), clamped so it can only become a child of the row above it or a
 * sibling of one of that row's ancestors. Rows below the dragged one in its own subtree are not
 * in `rows` (they move with it). Returns null when nothing would change.
 */
export function projectTreeDrop(
  rows: readonly VisibleRow[],
  activeId: number,
  overId: number,
  offsetDepth: number,
): TreeDrop | null {
  const active = rows.find((row) => row.id === activeId);
  const from = rows.findIndex((row) => row.id === activeId);
  const to = rows.findIndex((row) => row.id === overId);
  if (!active || from < 0 || to < 0) return null;
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(from, 1));
  const above = moved[to - 1];
  const below = moved[to + 1];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.min(maxDepth, Math.max(minDepth, active.depth + offsetDepth));

  // The parent is the nearest row above at depth - 1.
  let parentId: number | null = null;
  for (let i = to - 1; i >= 0 && depth > 0; i--) {
    if (moved[i]!.depth === depth - 1) {
      parentId = moved[i]!.id;
      break;
    }
  }
  const siblingsBefore = moved
    .slice(0, to)
    .filter((row) => row.depth === depth && row.parentId === parentId).length;
  const drop = { parentId, localOrder: siblingsBefore + 1, depth };
  const unchanged =
    parentId === active.parentId &&
    rows.filter((row, i) => i < from && row.depth === depth && row.parentId === parentId).length +
      1 ===
      drop.localOrder;
  return unchanged ? null : drop;
}

/**
 * The tree after moving `id` (with everything below it) to `drop` — what the sidebar shows at
 * once while the server is told (PRODUCT.md#collection-moves: "moving changes parent locally at
 * once").
 */
export function moveInTree(
  nodes: readonly CollectionNode[],
  id: number,
  drop: Pick<TreeDrop, 'parentId' | 'localOrder'>,
): CollectionNode[] {
  const moving = findInTree(nodes, id);
  if (!moving) return [...nodes];
  const without = pruneTree(nodes, id);
  const place = (siblings: CollectionNode[]) => {
    const list = [...siblings];
    list.splice(drop.localOrder - 1, 0, { ...moving, parent_id: drop.parentId });
    return list.map((node, index) => ({ ...node, local_order: index + 1 }));
  };
  if (drop.parentId === null) return place(without);
  const insert = (list: CollectionNode[]): CollectionNode[] =>
    list.map((node) =>
      node.id === drop.parentId
        ? { ...node, nested: place(node.nested) }
        : { ...node, nested: insert(node.nested) },
    );
  return insert(without);
}
