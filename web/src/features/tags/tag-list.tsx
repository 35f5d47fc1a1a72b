import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { Hash, PencilLine, Search, SearchX, Trash2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { controlClasses, Input } from '../../ui/input.tsx';
import { notify } from '../../ui/notify.tsx';
import { OptionsMenu } from '../../ui/options-menu.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { hasPostCounts, visibleTags, type ListedTag, type TagSort } from './tag-order.ts';
import { useDeleteTag, useTags } from './tags.queries.ts';

/** Height of a tag's row, in px (h-13), so the list can be drawn a screenful at a time. */
const ROW_PX = 52;

// Loaded when first opened, with Radix's dialog (as the post menu's Transfer dialog).
const RenameTagDialog = lazy(async () => ({
  default: (await import('./rename-tag-dialog.tsx')).RenameTagDialog,
}));
const DeleteTagDialog = lazy(async () => ({
  default: (await import('./delete-tag-dialog.tsx')).DeleteTagDialog,
}));

/**
 * A tag's row: a link to its page, its post count when known, and its menu (Rename, Delete). Delete
 * asks first when posts carry the tag (PRODUCT.md#tags), and tells of the deletion.
 */
function TagRow({ tag, showCount }: { tag: ListedTag; showCount: boolean }) {
  const remove = useDeleteTag();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Awaited rather than with mutate's callbacks: the row is gone once the tag is.
  const deleteTag = async () => {
    try {
      await remove.mutateAsync({ id: tag.id });
      notify({ type: 'deletion', title: 'Tag deleted', description: `#${tag.name} is gone.` });
    } catch {
      notify({ type: 'error', title: 'Error', description: 'Tag could not be deleted.' });
      setConfirming(false);
    }
  };
  return (
    <>
      <Link
        to={`/tags/${tag.id}`}
        className="min-w-0 flex-1 truncate py-2 font-medium after:absolute after:inset-0 after:content-['']"
      >
        <span aria-hidden className="text-fg-subtle">
          #
        </span>
        {tag.name}
      </Link>
      {showCount && (
        <span className="shrink-0 text-sm text-fg-subtle tabular-nums">
          {tag.post_count} {tag.post_count === 1 ? 'post' : 'posts'}
        </span>
      )}
      {/* Above the row's link overlay, so the menu stays clickable. */}
      <div className="relative">
        <OptionsMenu
          label={`Options for ${tag.name}`}
          items={[
            { label: 'Rename', icon: PencilLine, onSelect: () => setRenaming(true) },
            {
              label: 'Delete',
              icon: Trash2,
              tone: 'danger',
              onSelect: () => (tag.post_count === 0 ? void deleteTag() : setConfirming(true)),
            },
          ]}
        />
      </div>
      {confirming && (
        <Suspense>
          <DeleteTagDialog
            tag={tag}
            busy={remove.isPending}
            onConfirm={() => void deleteTag()}
            onOpenChange={setConfirming}
          />
        </Suspense>
      )}
      {renaming && (
        <Suspense>
          <RenameTagDialog tag={tag} open onOpenChange={setRenaming} />
        </Suspense>
      )}
    </>
  );
}

/** The tags, a screenful of rows in the page at a time whatever their number. */
function VirtualTagRows({ tags, showCount }: { tags: ListedTag[]; showCount: boolean }) {
  const [top, setTop] = useState(0);
  const measure = useCallback((element: HTMLUListElement | null) => {
    if (element) setTop(element.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: tags.length,
    estimateSize: () => ROW_PX,
    overscan: 8,
    scrollMargin: top,
  });
  return (
    <ul
      ref={measure}
      aria-label="Tags"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const tag = tags[row.index]!;
        return (
          <li
            key={tag.id}
            aria-setsize={tags.length}
            aria-posinset={row.index + 1}
            className="absolute inset-x-0 top-0 flex h-13 items-center gap-2 border-b border-line pr-2 pl-4 transition-colors last:border-b-0 hover:bg-surface-muted sm:pl-5"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <TagRow tag={tag} showCount={showCount} />
          </li>
        );
      })}
    </ul>
  );
}

/** The tag list's filter box and sort choice, and the tags they leave. */
function FilteredTags({ tags }: { tags: ListedTag[] }) {
  const [filter, setFilter] = useState('');
  const counted = hasPostCounts(tags);
  const [chosenSort, setSort] = useState<TagSort>('name');
  const sort = chosenSort === 'count' && !counted ? 'name' : chosenSort;
  const shown = visibleTags(tags, filter, sort);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Filter tags</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          />
          <Input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter tags"
            className="pl-9"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          Sort
          <select
            value={sort}
            onChange={(event) => setSort(event.target.value as TagSort)}
            className={clsx(controlClasses, 'h-10 w-auto pr-8')}
          >
            <option value="name">Name, A to Z</option>
            <option value="name-desc">Name, Z to A</option>
            {counted && <option value="count">Most posts</option>}
          </select>
        </label>
      </div>
      <p role="status" className="sr-only">
        {shown.length === tags.length
          ? `${tags.length} tags`
          : `${shown.length} of ${tags.length} tags`}
      </p>
      {shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No tag matches"
          description={`Nothing contains “${filter.trim()}”.`}
        />
      ) : (
        <Card className="overflow-hidden">
          <VirtualTagRows tags={shown} showCount={counted} />
        </Card>
      )}
    </div>
  );
}

/**
 * PRODUCT.md#tags: each tag links to its posts and has a context menu with Rename (a dialog; a name
 * another tag has merges the two, after asking) and Delete. A filter box narrows the list by name;
 * it is sorted by name, or by post count when the server gives counts (then shown in each row);
 * drawn a screenful at a time.
 */
export function TagList() {
  const tags = useTags();
  if (tags.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-5" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </Card>
    );
  }
  if (tags.isError) {
    return (
      <EmptyState
        icon={Hash}
        title="The tags could not be loaded"
        description="Check your connection and try again."
        action={<Button onClick={() => void tags.refetch()}>Try again</Button>}
      />
    );
  }
  if (tags.data.length === 0) {
    return (
      <EmptyState
        icon={Hash}
        title="No tags yet"
        description="Tags you add to posts show up here; you can also create one now."
        action={
          <Link to="/tags/create" className={buttonClasses('primary')}>
            Create Tag
          </Link>
        }
      />
    );
  }
  return <FilteredTags tags={tags.data} />;
}
