import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { SharedCollectionNode } from '../../../contract/shares.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { CollectionIcon } from '../features/collections/collection-icon.tsx';
import { PostList } from '../features/posts/post-list.tsx';
import { useShareAccess } from '../features/shares/share-access.ts';

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
 * `/s?token=…` (SPEC §2 public view): the shared collection's posts, read only, no sidebar. When
 * the share opens its sub-collections, they are listed and `collection_id` opens one.
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
      {current.nested.length > 0 && (
        <ul aria-label="Sub-collections" className="mb-5 flex flex-wrap gap-2">
          {current.nested.map((child) => (
            <li key={child.id}>
              <Link
                to={link(child.id)}
                className="flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3.5 text-sm text-fg-muted shadow-xs hover:text-fg"
              >
                <CollectionIcon iconId={child.icon_id} />
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PostList
        key={current.id}
        collectionId={current.id}
        permission={share.auth.permission}
        newPostPath="/"
      />
    </div>
  );
}
