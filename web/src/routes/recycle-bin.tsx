import { Trash } from 'lucide-react';
import { useRef } from 'react';
import { Permission } from '../../../contract/permissions.ts';
import { PageHeader } from '../app/page-header.tsx';
import { usePageSize } from '../features/posts/post-list.tsx';
import { PagedPostResults } from '../features/posts/post-results.tsx';
import { useRecycleBin, type PostsInView } from '../features/posts/posts.queries.ts';
import { ClearRecycleBin } from '../features/recycle-bin/clear-recycle-bin.tsx';
import { RestoreButton } from '../features/recycle-bin/restore-button.tsx';

/**
 * `/restore` (PRODUCT.md#recycle-bin): the deleted posts, last deleted first, a page at a time as
 * the list is scrolled, each with its restore button instead of the post menu; Clear in the top
 * bar.
 */
export function RecycleBinRoute() {
  const inViewRef = useRef<PostsInView | null>(null);
  const posts = useRecycleBin(usePageSize(), () => inViewRef.current?.() ?? null);
  const empty = !posts.data?.pages.some((page) => page.length > 0);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Recycle Bin" actions={<ClearRecycleBin disabled={empty} />} />
      <PagedPostResults
        list={posts}
        inViewRef={inViewRef}
        label="Deleted posts"
        empty={{
          icon: Trash,
          title: 'There is nothing yet in here.',
          description: 'Deleted posts wait here until you restore them or clear the bin.',
        }}
        // PRODUCT.md#post-card: in the recycle bin a card offers Restore, not the menu.
        permissionOf={() => Permission.NONE}
        footerOf={(post) => <RestoreButton post={post} />}
        selection={{ listKey: 'recycle-bin', inRecycleBin: true }}
      />
    </div>
  );
}
