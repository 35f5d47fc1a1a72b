import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { clsx } from 'clsx';
import { ChevronRight, GripVertical } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { NavLink, useParams } from 'react-router';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { formatCount, plural } from '../../lib/count.ts';
import { dragAnnouncements } from '../../ui/drag-announcements.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CollectionIcon } from './collection-icon.tsx';
import {
  ancestorIds,
  findInTree,
  projectTreeDrop,
  visibleRows,
  type VisibleRow,
} from './collection-tree.ts';
import { useCollectionTree, useMoveCollection } from './collections.queries.ts';
import { useExpandedCollections } from './use-expanded-collections.ts';

/**
 * PRODUCT.md#limits: nested collections are indented 2 rem per level (a drag sideways by this much
 * moves a level).
 */
const INDENT_REM = 2;
const INDENT_PX = INDENT_REM * 16;

/**
 * Indent of each level below the top, in rem: 2 for the first two (PRODUCT.md#limits), then
 * narrower.
 */
const INDENT_STEPS_REM = [INDENT_REM, INDENT_REM, 1, 1, 0.75];
const DEEP_INDENT_STEP_REM = 0.5;

/**
 * Sidebar indentation of a collection at `depth` (0 = top level): 2 rem per level for the first
 * two levels (PRODUCT.md#limits), 1 rem for the next two, 0.75 rem for the fifth and 0.5 rem
 * below, so a tree eight levels deep still leaves its names room in the sidebar.
 */
export function navIndent(depth: number): string {
  let rem = 0;
  for (let level = 0; level < depth; level += 1) {
    rem += INDENT_STEPS_REM[level] ?? DEEP_INDENT_STEP_REM;
  }
  return `${rem}rem`;
}

/**
 * The post count at the end of a sidebar link (muted, right-aligned); the link must be an
 * `@container` described by `id` (`aria-describedby`), so its name stays the collection's and
 * the count is read as its description ("12 posts"). Shown only when the link is wide enough
 * that the name keeps its room, so deep in the tree the count goes before the name is cut.
 */
export function NavCount({ id, count }: { id: string; count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      <span
        aria-hidden
        className="ml-auto hidden shrink-0 pl-1 text-xs text-fg-subtle tabular-nums @[10rem]:inline"
      >
        {formatCount(count)}
      </span>
      <span id={id} hidden>
        {plural(count, 'post')}
      </span>
    </>
  );
}

/** Class names of a sidebar link; `active` for the current page. */
export function navLinkClasses(active: boolean): string {
  return clsx(
    'flex min-h-10 min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2 text-sm transition-colors md:min-h-9',
    active
      ? 'bg-accent-soft font-medium text-accent-text'
      : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
  );
}

type Expansion = ReturnType<typeof useExpandedCollections>;

/** The expand/collapse button of a collection with children, or the space it would take. */
function ExpandToggle({ node, expansion }: { node: CollectionNode; expansion: Expansion }) {
  if (node.nested.length === 0) return <span aria-hidden className="size-7 shrink-0" />;
  const open = expansion.isExpanded(node.id);
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
      onClick={() => expansion.toggle(node.id)}
      className="flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle hover:bg-surface-muted hover:text-fg"
    >
      <ChevronRight
        aria-hidden
        className={clsx('size-4 transition-transform', open && 'rotate-90')}
      />
    </button>
  );
}

/** A collection's link: its icon (PRODUCT.md#collection-icons), name and post count. */
function CollectionLink({ node, open }: { node: CollectionNode; open: boolean }) {
  const countId = useId();
  return (
    <NavLink
      to={`/c/${node.id}`}
      // The full name on hover: deep in the tree it may be cut.
      title={node.name}
      aria-describedby={countId}
      className={({ isActive }) => clsx(navLinkClasses(isActive), '@container')}
    >
      {({ isActive }) => (
        <>
          <CollectionIcon iconId={node.icon_id} open={isActive || open} />
          <span className="truncate">{node.name}</span>
          <NavCount id={countId} count={node.post_count} />
        </>
      )}
    </NavLink>
  );
}

/** One row of the draggable tree; dragged by its handle (pointer, touch after 180 ms, keyboard). */
function SortableRow({
  node,
  depth,
  expansion,
  disabled,
}: {
  node: CollectionNode;
  depth: number;
  expansion: Expansion;
  disabled: boolean;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: node.id, disabled });
  return (
    <li
      ref={setNodeRef}
      // Only the vertical move is drawn: the horizontal drag chooses the depth, shown as indent.
      style={{ transform: CSS.Translate.toString(transform && { ...transform, x: 0 }), transition }}
      className={clsx('group relative', isDragging && 'z-10 rounded-lg bg-surface shadow-lg')}
    >
      <div className="flex items-center gap-0.5" style={{ paddingLeft: navIndent(depth) }}>
        <ExpandToggle node={node} expansion={expansion} />
        <CollectionLink node={node} open={expansion.isExpanded(node.id)} />
        <button
          type="button"
          ref={setActivatorNodeRef}
          aria-label={`Move ${node.name}`}
          // Over the end of the row rather than beside it, so the name keeps the row's width.
          className="absolute right-0 flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-md bg-sidebar text-fg-subtle opacity-0 group-hover:opacity-100 hover:bg-surface-muted hover:text-fg focus-visible:opacity-100 active:cursor-grabbing pointer-coarse:static pointer-coarse:opacity-100"
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

/** Whether `row` lies below the collection `ancestorId` in the shown rows. */
function isBelow(rows: readonly VisibleRow[], ancestorId: number, row: VisibleRow): boolean {
  for (let parent = row.parentId; parent !== null;) {
    if (parent === ancestorId) return true;
    parent = rows.find((candidate) => candidate.id === parent)?.parentId ?? null;
  }
  return false;
}

/**
 * The user's own collections as a tree that can be reordered and nested by dragging
 * (PRODUCT.md#layout-shell): dragged right a collection becomes a child of the one above it,
 * dragged left it moves out.
 */
function SortableCollectionTree({
  nodes,
  expansion,
}: {
  nodes: CollectionNode[];
  expansion: Expansion;
}) {
  const move = useMoveCollection();
  const [activeId, setActiveId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const rows = useMemo(() => visibleRows(nodes, expansion.isExpanded), [nodes, expansion]);
  // While a collection is dragged, its sub-collections travel with it and are not drop targets.
  const shown = activeId === null ? rows : rows.filter((row) => !isBelow(rows, activeId, row));
  const projection =
    activeId !== null && overId !== null
      ? projectTreeDrop(shown, activeId, overId, Math.round(offsetX / INDENT_PX))
      : null;

  const announcements = dragAnnouncements({
    nameOf: (id) => findInTree(nodes, Number(id))?.name ?? 'Collection',
    positionOf: (id) => shown.findIndex((row) => row.id === id) + 1,
    count: () => shown.length,
  });

  const reset = () => {
    setActiveId(null);
    setOverId(null);
    setOffsetX(0);
  };
  const drop = (event: DragEndEvent) => {
    const id = Number(event.active.id);
    const target = event.over ? Number(event.over.id) : null;
    const landing =
      target === null
        ? null
        : projectTreeDrop(shown, id, target, Math.round(event.delta.x / INDENT_PX));
    reset();
    if (!landing) return;
    if (landing.parentId !== null) expansion.expand([landing.parentId]);
    move.mutate({ id, drop: landing });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements }}
      autoScroll={{ threshold: { x: 0, y: 0.2 } }}
      onDragStart={(event) => setActiveId(Number(event.active.id))}
      onDragMove={(event) => setOffsetX(event.delta.x)}
      onDragOver={(event) => setOverId(event.over ? Number(event.over.id) : null)}
      onDragEnd={drop}
      onDragCancel={reset}
    >
      <SortableContext items={shown.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <ul className="flex flex-col gap-0.5">
          {shown.map((row) => (
            <SortableRow
              key={row.id}
              node={findInTree(nodes, row.id)!}
              depth={row.id === activeId && projection ? projection.depth : row.depth}
              expansion={expansion}
              disabled={move.isPending}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** The collections shared with the user, nested, to open (not to rearrange). */
function SharedBranch({
  nodes,
  depth,
  expansion,
}: {
  nodes: CollectionNode[];
  depth: number;
  expansion: Expansion;
}) {
  return (
    <ul className="flex flex-col gap-0.5">
      {nodes.map((node) => {
        const open = node.nested.length > 0 && expansion.isExpanded(node.id);
        return (
          <li key={node.id}>
            <div className="flex items-center gap-0.5" style={{ paddingLeft: navIndent(depth) }}>
              <ExpandToggle node={node} expansion={expansion} />
              <CollectionLink node={node} open={open} />
            </div>
            {open && <SharedBranch nodes={node.nested} depth={depth + 1} expansion={expansion} />}
          </li>
        );
      })}
    </ul>
  );
}

/** Opens the collections above the one being viewed, so the sidebar shows where it is. */
function useRevealCurrent(nodes: CollectionNode[] | undefined, expansion: Expansion) {
  const { collectionId } = useParams();
  const { expand } = expansion;
  useEffect(() => {
    const id = Number(collectionId);
    if (nodes && id > 0) expand(ancestorIds(nodes, id));
  }, [nodes, collectionId, expand]);
}

/**
 * The Collections tree of the sidebar (PRODUCT.md#layout-shell): nested collections that expand and
 * collapse, each one's state remembered, reordered and nested by dragging.
 */
export function CollectionNav() {
  const tree = useCollectionTree();
  const expansion = useExpandedCollections();
  useRevealCurrent(tree.data?.collections, expansion);

  if (tree.isPending) {
    return (
      <div aria-hidden className="flex flex-col gap-2 px-2 py-1">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  }
  if (tree.isError) {
    return <p className="px-3 py-1 text-sm text-fg-subtle">Collections could not be loaded.</p>;
  }
  if (tree.data.collections.length === 0) {
    return <p className="px-3 py-1 text-sm text-fg-subtle">No collections yet.</p>;
  }
  return <SortableCollectionTree nodes={tree.data.collections} expansion={expansion} />;
}

/**
 * The Shared Collections section (PRODUCT.md#layout-shell): collections other users shared with
 * this one and everything below them; rendered only when there are any.
 */
export function SharedCollectionNav() {
  const tree = useCollectionTree();
  const expansion = useExpandedCollections();
  useRevealCurrent(tree.data?.shared, expansion);
  const shared = tree.data?.shared ?? [];
  if (shared.length === 0) return null;
  return (
    <>
      <h2 className="mt-6 mb-1.5 px-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
        Shared Collections
      </h2>
      <SharedBranch nodes={shared} depth={0} expansion={expansion} />
    </>
  );
}
