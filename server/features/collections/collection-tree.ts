/** The fields tree logic needs; satisfied by collection rows. */
export interface TreeItem {
  id: number;
  parent_id: number | null;
  local_order: number;
}

export type TreeNode<T> = T & { nested: TreeNode<T>[] };

const bySiblingOrder = (a: TreeItem, b: TreeItem) => a.local_order - b.local_order || a.id - b.id;

/**
 * Nests `items` under their parents, siblings by `local_order`. An item whose parent is not in
 * `items` becomes a top-level node (a shared sub-collection, say), so nothing is dropped.
 */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const item of items) nodes.set(item.id, { ...item, nested: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.nested : roots).push(node);
  }
  roots.sort(bySiblingOrder);
  for (const node of nodes.values()) node.nested.sort(bySiblingOrder);
  return roots;
}

/** A node of a tree made by `mapTree`. */
export type MappedNode<U> = U & { nested: MappedNode<U>[] };

/**
 * The same forest with each node's fields replaced by `present(node)` (e.g. to keep only what
 * the API shows), children in the same order. Iterative, so any depth works.
 */
export function mapTree<T, U>(
  roots: readonly TreeNode<T>[],
  present: (node: T) => U,
): MappedNode<U>[] {
  const mappedRoots: MappedNode<U>[] = [];
  const pending: [TreeNode<T>, MappedNode<U>[]][] = roots.map((node) => [node, mappedRoots]);
  for (let i = 0; i < pending.length; i++) {
    const [node, siblings] = pending[i]!;
    const mapped = { ...present(node), nested: [] } as MappedNode<U>;
    siblings.push(mapped);
    for (const child of node.nested) pending.push([child, mapped.nested]);
  }
  return mappedRoots;
}

/** Ids of each item's children, by parent id. */
function childIds(items: readonly TreeItem[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = children.get(item.parent_id) ?? [];
    list.push(item.id);
    children.set(item.parent_id, list);
  }
  return children;
}

/** Ids of `rootId` and every item below it (breadth first, `rootId` first). */
export function subtreeIds(items: readonly TreeItem[], rootId: number): number[] {
  const children = childIds(items);
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i]!) ?? []));
  return ids;
}

/** Number of levels from `rootId` down to its deepest descendant in `items` (1 for a leaf). */
export function subtreeHeight(items: readonly TreeItem[], rootId: number): number {
  const children = childIds(items);
  let height = 0;
  const seen = new Set<number>();
  for (let level = [rootId]; level.length > 0; height++) {
    for (const id of level) seen.add(id);
    level = level.flatMap((id) => children.get(id) ?? []).filter((id) => !seen.has(id));
  }
  return height;
}

/**
 * For each item, the sum of `valueOf` over it and every item below it within `items` (e.g. live
 * posts in a collection and its sub-collections). Iterative, so any depth works; items in a
 * corrupt cycle count only themselves.
 */
export function subtreeSums(
  items: readonly TreeItem[],
  valueOf: (id: number) => number,
): Map<number, number> {
  const sums = new Map(items.map((item) => [item.id, valueOf(item.id)]));
  const parentOf = new Map(items.map((item) => [item.id, item.parent_id]));
  const children = childIds(items);
  // Parents before children, starting from the items whose parent is not among `items`.
  const order = items
    .filter((item) => item.parent_id === null || !sums.has(item.parent_id))
    .map((item) => item.id);
  for (let i = 0; i < order.length; i++) order.push(...(children.get(order[i]!) ?? []));
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!;
    const parent = parentOf.get(id);
    if (parent != null && sums.has(parent)) sums.set(parent, sums.get(parent)! + sums.get(id)!);
  }
  return sums;
}

/**
 * Puts `id` at 1-based `position` of `siblingIds` (without it), or at the end when `position`
 * is 0, absent or past the end. Returns the new sibling order.
 */
export function placeAmongSiblings(
  siblingIds: readonly number[],
  id: number,
  position: number | undefined,
): number[] {
  const others = siblingIds.filter((sibling) => sibling !== id);
  const index = position && position > 0 ? Math.min(position - 1, others.length) : others.length;
  return [...others.slice(0, index), id, ...others.slice(index)];
}

/**
 * Ids of the items that are in `marked` or lie below one that is (within `items`): e.g. the
 * collections that are shared because they or an ancestor carry a share.
 */
export function markedWithDescendants(
  items: readonly TreeItem[],
  marked: ReadonlySet<number>,
): Set<number> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const result = new Set<number>();
  for (const item of items) {
    // Walk up until a marked item or the top of what is loaded; `seen` guards corrupt cycles.
    const seen = new Set<number>();
    for (let at: TreeItem | undefined = item; at && !seen.has(at.id);) {
      seen.add(at.id);
      if (marked.has(at.id)) {
        result.add(item.id);
        break;
      }
      at = at.parent_id === null ? undefined : byId.get(at.parent_id);
    }
  }
  return result;
}
