import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { SharedCollectionNode } from '../../../contract/shares.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { subtreePostCount } from '../features/collections/collection-tree.ts';
import { SubcollectionTiles } from '../features/collections/subcollection-tiles.tsx';
import { PostList } from '../features/posts/post-list.tsx';
import { useShareAccess } from '../features/shares/share-access.ts';
import { plural } from '../lib/count.ts';

/** The path from the shared collection down to `id`, or undefined when `id` is not below it. */
function pathTo(node: SharedCollectionNode, id: number): SharedCollectionNode[] | undefined {
  if (node.id === id) return [node];
  for (const child of node.nested) {
    const below = pathTo(child, id);
    if (below) return [node, ...below];
  }
  return undefined;
}

/**
 * `/s?token=…` (PRODUCT.md#public-view): the shared collection's posts and their count, read only,
 * no sidebar. When the share opens its sub-collections, they are shown as tiles (with the posts
 * of everything below each) and `collection_id` opens one.
 */
export function PublicCollectionRoute() {
  const share = useShareAccess();
  const [search] = useSearchParams();
  if (!share) return <NotFoundContent />;
  const root = share.auth.collection;
  const wanted = Number(search.get('collection_id') ?? root.id);
  const path = pathTo(root, wanted);
  if (!path) return <NotFoundContent />;
  const current = path.at(-1)!;
  const link = (id: number) =>
    `/s?token=${encodeURIComponent(share.token)}${id === root.id ? '' : `&collection_id=${id}`}`;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={current.name} />
      {path.length > 1 && (
        <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap items-center gap-1 text-sm">
          {path.map((node, index) => (
            <span key={node.id} className="flex items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden className="size-4 text-fg-subtle" />}
              {index < path.length - 1 ? (
                <Link to={link(node.id)} className="text-fg-muted hover:text-fg">
                  {node.name}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium">
                  {node.name}
                </span>
              )}
            </span>
          ))}
        </nav>
      )}
      <SubcollectionTiles
        tiles={current.nested.map((child) => ({
          id: child.id,
          name: child.name,
          iconId: child.icon_id,
          // The share holds the whole subtree, so its own counts add up to the total.
          postCount: subtreePostCount(child),
          to: link(child.id),
        }))}
      />
      <p className="mb-3 text-sm text-fg-muted tabular-nums">
        {plural(current.post_count, 'post')}
      </p>
      <PostList
        key={current.id}
        collectionId={current.id}
        permission={share.auth.permission}
        newPostPath="/"
      />
    </div>
  );
}
