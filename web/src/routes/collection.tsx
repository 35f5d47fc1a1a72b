import { ClipboardPaste, Plus, Rss, Settings } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TOP_BAR_MIN_PERMISSION } from '../../../contract/permissions.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { useCollectionPermission } from '../features/collections/collection-permission.ts';
import {
  collectionIdFromParam,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
} from '../features/collections/collection-tree.ts';
import {
  useCollection,
  usePostCounts,
  useSubcollections,
} from '../features/collections/collections.queries.ts';
import { SubcollectionTiles } from '../features/collections/subcollection-tiles.tsx';
import { PostList } from '../features/posts/post-list.tsx';
import { SortMenu, usePostSort } from '../features/posts/post-sort.tsx';
import { usePostView, ViewSwitcher } from '../features/posts/post-view.tsx';
import { formatCount, plural } from '../lib/count.ts';
import { canReadClipboard, usePasteIntoCollection } from '../features/posts/use-paste-post.ts';
import { buttonClasses } from '../ui/button.tsx';
import { OptionsMenu, type MenuItem } from '../ui/options-menu.tsx';

// Loaded when first opened: dialogs are not needed to show a list (first-page weight).
const FeedLinkDialog = lazy(async () => ({
  default: (await import('../features/feeds/feed-link-dialog.tsx')).FeedLinkDialog,
}));

/**
 * `/` (Uncategorized) and `/c/{collectionId}` (PRODUCT.md#collection-view): its sub-collections as
 * tiles, its post count and sort menu (remembered per collection), then the posts, with the view
 * switcher (cards, list, grid; remembered per collection), Create in the top bar and an options
 * menu with Paste and, for a real collection, Edit Collection and Feed link (PRODUCT.md#feeds).
 */
export function CollectionRoute() {
  const id = collectionIdFromParam(useParams().collectionId);
  if (id === undefined) return <NotFoundContent />;
  return <CollectionView key={id} collectionId={id} />;
}

function CollectionView({ collectionId }: { collectionId: number }) {
  const collection = useCollection(collectionId);
  const permission = useCollectionPermission(collectionId);
  const paste = usePasteIntoCollection(collectionId);
  const [view, setView] = usePostView(collectionId);
  const [sort, setSort] = usePostSort(collectionId);
  const counts = usePostCounts(collectionId);
  const subcollections = useSubcollections(collectionId);
  const [feedLinkOpen, setFeedLinkOpen] = useState(false);
  const title =
    collectionId === UNCATEGORIZED_ID
      ? UNCATEGORIZED_NAME
      : collection.isError
        ? 'Collection not found'
        : (collection.data?.name ?? '');
  const newPostPath = `/c/${collectionId}/p/create`;
  const options: MenuItem[] = [
    ...(canReadClipboard()
      ? [{ label: 'Paste', icon: ClipboardPaste, onSelect: () => void paste() }]
      : []),
    ...(collectionId > UNCATEGORIZED_ID
      ? [
          { label: 'Edit Collection', icon: Settings, to: `/c/${collectionId}/edit` },
          { label: 'Feed link', icon: Rss, onSelect: () => setFeedLinkOpen(true) },
        ]
      : []),
  ];
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title={title}
        actions={
          <>
            <ViewSwitcher view={view} onChange={setView} />
            {permission >= TOP_BAR_MIN_PERMISSION && (
              <>
                <Link
                  to={newPostPath}
                  title="Ctrl + Alt + N"
                  aria-keyshortcuts="Control+Alt+N"
                  className={buttonClasses('primary', 'md', 'max-sm:w-10 max-sm:px-0')}
                >
                  <Plus aria-hidden />
                  <span className="max-sm:sr-only">Create</span>
                </Link>
                {options.length > 0 && <OptionsMenu label="Options" items={options} />}
              </>
            )}
          </>
        }
      />
      <SubcollectionTiles
        tiles={subcollections.map((child) => ({
          id: child.id,
          name: child.name,
          iconId: child.icon_id,
          postCount: child.post_count_with_descendants ?? child.post_count,
          to: `/c/${child.id}`,
        }))}
      />
      <div className="mb-3 flex min-h-9 items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-fg-muted tabular-nums">
          {counts && plural(counts.own, 'post')}
          {counts && counts.withDescendants > counts.own && (
            <span className="text-fg-subtle">
              {' · '}
              {formatCount(counts.withDescendants)} with sub-collections
            </span>
          )}
        </p>
        <SortMenu sort={sort} onChange={setSort} />
      </div>
      <PostList
        collectionId={collectionId}
        permission={permission}
        newPostPath={newPostPath}
        view={view}
        sort={sort}
      />
      {feedLinkOpen && (
        <Suspense>
          <FeedLinkDialog
            collectionId={collectionId}
            collectionName={title}
            open
            onOpenChange={setFeedLinkOpen}
          />
        </Suspense>
      )}
    </div>
  );
}
