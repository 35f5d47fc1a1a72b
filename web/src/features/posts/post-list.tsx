import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { clsx } from 'clsx';
import { FilePlus2, FolderX, GripVertical } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PostSort } from '../../../../contract/posts.ts';
import {
  POST_MENU_ABOVE_PERMISSION,
  TOP_BAR_MIN_PERMISSION,
} from '../../../../contract/permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { isMobileViewport } from '../../lib/media.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { dragAnnouncements } from '../../ui/drag-announcements.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { notify } from '../../ui/notify.tsx';
import { useShareAccess } from '../shares/share-access.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';
import { postName } from './post-content.ts';
import { SelectionBar, selectOf, type PostSelect } from './post-selection.tsx';
import type { PostView } from './post-view.tsx';
import {
  useIsWritingPosts,
  useMovePost,
  usePostList,
  useUpdatingPostIds,
  type ListedPost,
  type PostsInView,
} from './posts.queries.ts';
import { usePostSelection } from './use-post-selection.ts';
import { VirtualPostList } from './virtual-post-list.tsx';

/** PRODUCT.md#limits: 20 posts a page on desktop, 10 on mobile; 8 placeholders. */
export const PAGE_SIZE_DESKTOP = 20;
const PAGE_SIZE_MOBILE = 10;
const PLACEHOLDER_COUNT = 8;

/**
 * The page size of a list opened now (PRODUCT.md#limits), fixed for the visit so rotating a phone
 * does not restart paging.
 */
export function usePageSize(): number {
  const [pageSize] = useState(() => (isMobileViewport() ? PAGE_SIZE_MOBILE : PAGE_SIZE_DESKTOP));
  return pageSize;
}

/** PRODUCT.md#post-lists: 8 pulsing placeholders while the first page loads, in the list's view. */
export function PostPlaceholders({ view = 'cards' }: { view?: PostView }) {
  return (
    <div
      role="status"
      aria-label="Loading posts"
      className={clsx(
        view === 'grid' ? 'grid grid-cols-2 gap-3 sm:grid-cols-4' : 'flex flex-col',
        view === 'list' ? 'gap-2' : 'gap-3',
      )}
    >
      {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
        <PostCardSkeleton key={index} view={view} />
      ))}
    </div>
  );
}
/** PRODUCT.md#limits: a touch drag starts after a 180 ms press; items settle in 200 ms. */
const TOUCH_DRAG_DELAY_MS = 180;
const DRAG_ANIMATION_MS = 200;

/** One post of the sortable list, dragged by its handle (mouse, touch or keyboard). */
function SortablePost({
  post,
  permission,
  updating,
  reorderable,
  dragDisabled,
  view,
  select,
}: {
  post: ListedPost;
  permission: number;
  updating: boolean;
  /** Whether the post has a drag handle (manual order, permission to edit). */
  reorderable: boolean;
  dragDisabled: boolean;
  view: PostView;
  select: PostSelect | undefined;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: post.id,
    disabled: dragDisabled || post.type === 'placeholder',
    transition: { duration: DRAG_ANIMATION_MS, easing: 'ease' },
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      aria-label={`Move ${post.type === 'placeholder' ? 'post' : postName(post)}`}
      title="Drag to move"
      disabled={dragDisabled}
      {...attributes}
      {...listeners}
      className={clsx(
        buttonClasses('ghost', 'icon'),
        'cursor-grab touch-none active:cursor-grabbing md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100 md:focus-visible:opacity-100',
      )}
    >
      <GripVertical aria-hidden />
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
      }}
      // Opaque while dragged: the cards it passes stay hidden beneath it.
      className={clsx('relative', isDragging && 'z-20 drop-shadow-xl')}
    >
      <PostCard
        post={post}
        permission={permission}
        updating={updating}
        view={view}
        handle={reorderable ? handle : undefined}
        select={select}
      />
    </div>
  );
}

/**
 * The posts of a collection (0 = Uncategorized) in the order `sort` (manual: highest order
 * first; PRODUCT.md#collection-view, #posts-order), as cards, list lines or grid tiles, drawn a
 * screenful at a time (VirtualPostList): in manual order sortable by drag and drop (mouse,
 * keyboard, touch after a 180 ms press; not while a post is being written), the next page loaded
 * when the end comes within 80 px of the viewport. Whoever may change the posts (not through a
 * public share) can choose posts for a bulk edit.
 */
export function PostList({
  collectionId,
  permission,
  newPostPath,
  view = 'cards',
  sort = 'manual',
}: {
  collectionId: number;
  permission: number;
  newPostPath: string;
  view?: PostView;
  sort?: PostSort;
}) {
  const pageSize = usePageSize();
  const inViewRef = useRef<PostsInView | null>(null);
  const list = usePostList(collectionId, pageSize, () => inViewRef.current?.() ?? null, sort);
  // Dragging sets the manual order, so it is offered only while the list shows that order.
  const reorderable = sort === 'manual' && permission > POST_MENU_ABOVE_PERMISSION;
  const move = useMovePost(collectionId);
  const writing = useIsWritingPosts();
  const updatingIds = useUpdatingPostIds();
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const shared = useShareAccess() !== null;
  const selectable = permission > POST_MENU_ABOVE_PERMISSION && !shared;
  const posts = list.data?.pages.flat() ?? [];
  // The selection starts afresh with another list: name everything that picks it (a sort too).
  const selection = usePostSelection(
    selectable ? posts.filter((post) => post.type !== 'placeholder').map((post) => post.id) : [],
    `${collectionId} ${sort}`,
  );
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (list.isPending) return <PostPlaceholders view={view} />;

  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <EmptyState
        icon={FolderX}
        title={missing ? 'This collection does not exist' : 'Posts could not be loaded'}
        description={
          missing
            ? 'It may have been deleted, or it was never shared with you.'
            : 'Check your connection and try again.'
        }
        action={
          missing ? (
            permission >= TOP_BAR_MIN_PERMISSION && (
              <Link to="/" className={buttonClasses('secondary')}>
                Go to Uncategorized
              </Link>
            )
          ) : (
            <Button onClick={() => void list.refetch()}>Try again</Button>
          )
        }
      />
    );
  }

  // The bar stays while its edit runs, also when that emptied the list.
  const bar = <SelectionBar selection={selection} />;
  if (posts.length === 0) {
    return (
      <>
        <EmptyState
          icon={FilePlus2}
          title="Nothing here yet"
          description={
            <>
              Save a link or write a note. Paste a URL into a new post and it becomes a bookmark.
              Shortcut: <kbd className="font-sans font-semibold">Ctrl + Alt + N</kbd>
            </>
          }
          action={
            permission >= TOP_BAR_MIN_PERMISSION && (
              <Link to={newPostPath} className={buttonClasses('primary')}>
                Create Post
              </Link>
            )
          }
        />
        {bar}
      </>
    );
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDraggedId(null);
    if (!over || active.id === over.id) return;
    const from = posts.findIndex((post) => post.id === active.id);
    const to = posts.findIndex((post) => post.id === over.id);
    const post = posts[from];
    if (!post || post.type === 'placeholder' || to < 0) return;
    move.mutate(
      { id: post.id, post, from, to },
      {
        onError: () =>
          notify({ type: 'error', title: 'Error', description: 'Post could not be moved.' }),
      },
    );
  }

  const draggedIndex = draggedId === null ? -1 : posts.findIndex((post) => post.id === draggedId);
  const indexOf = (id: UniqueIdentifier) => posts.findIndex((post) => post.id === id);
  const announcements = dragAnnouncements({
    nameOf: (id) => {
      const post = posts[indexOf(id)];
      return post && post.type !== 'placeholder' ? postName(post) : 'Post';
    },
    positionOf: (id) => indexOf(id) + 1,
    count: () => posts.length,
  });
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragStart={({ active }) => setDraggedId(Number(active.id))}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDraggedId(null)}
      >
        <SortableContext
          items={posts.map((post) => post.id)}
          strategy={view === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
          disabled={writing || !reorderable}
        >
          <VirtualPostList
            posts={posts}
            view={view}
            label="Posts"
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            inViewRef={inViewRef}
            keepIndex={draggedIndex < 0 ? null : draggedIndex}
            keyRights={{
              canChange: () => permission > POST_MENU_ABOVE_PERMISSION,
              toggleChoice: selectable ? (post) => selection.click(post.id, false) : undefined,
            }}
          >
            {(post) => (
              <SortablePost
                post={post}
                permission={permission}
                updating={updatingIds.has(post.id)}
                reorderable={reorderable}
                dragDisabled={writing}
                view={view}
                select={selectable ? selectOf(selection, post.id) : undefined}
              />
            )}
          </VirtualPostList>
        </SortableContext>
      </DndContext>
      {bar}
    </>
  );
}
