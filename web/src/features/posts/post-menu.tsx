import { BookOpen, FolderInput, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { OptionsMenu } from '../../ui/options-menu.tsx';
import { useDeletePostAction } from './post-actions.ts';

// Loaded when first opened: dialogs are not needed to show a list (first-page weight).
const TransferDialog = lazy(async () => ({
  default: (await import('./transfer-dialog.tsx')).TransferDialog,
}));

/**
 * PRODUCT.md#limits: a post menu opened this close to the right edge of the screen hangs to the
 * left.
 */
const MENU_EDGE_PX = 150;

/**
 * The three-dot menu of a post card (PRODUCT.md#post-card): Transfer (to another collection), Edit
 * (the post's page), for a link Reader view (its page copy, PRODUCT.md#reader-view) and Delete (to
 * the recycle bin); Transfer and Delete offer Undo (PRODUCT.md#undo, post-actions.ts).
 */
export function PostMenu({ post }: { post: Post }) {
  const deletePost = useDeletePostAction();
  const [transferring, setTransferring] = useState(false);
  return (
    <>
      <OptionsMenu
        label="Post options"
        alignNearEdgePx={MENU_EDGE_PX}
        triggerClassName="md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100 md:data-[state=open]:opacity-100"
        items={[
          { label: 'Transfer', icon: FolderInput, onSelect: () => setTransferring(true) },
          { label: 'Edit', icon: Pencil, to: `/p/${post.id}` },
          ...(post.type === 'link'
            ? [{ label: 'Reader view', icon: BookOpen, to: `/p/${post.id}/read` }]
            : []),
          {
            label: 'Delete',
            icon: Trash2,
            tone: 'danger',
            onSelect: () => void deletePost.run(post),
          },
        ]}
      />
      {transferring && (
        <Suspense>
          <TransferDialog post={post} open onOpenChange={setTransferring} />
        </Suspense>
      )}
    </>
  );
}
