import { FolderInput, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { notify } from '../../ui/notify.tsx';
import { OptionsMenu } from '../../ui/options-menu.tsx';
import { useDeletePost } from './posts.queries.ts';

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
 * Deletes a post (to the recycle bin), saying so when that fails: the menu's Delete and the `#` key
 * of a list (PRODUCT.md#keyboard-shortcuts) do the same.
 */
export function useDeletePostAction(): (post: Post) => void {
  const deletePost = useDeletePost();
  return (post) =>
    deletePost.mutate(
      { id: post.id },
      {
        onError: () =>
          notify({ type: 'error', title: 'Error', description: 'Post could not be deleted.' }),
      },
    );
}

/**
 * The three-dot menu of a post card (PRODUCT.md#post-card): Transfer (to another collection), Edit
 * (the post's page) and Delete (to the recycle bin).
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
          {
            label: 'Delete',
            icon: Trash2,
            tone: 'danger',
            onSelect: () => deletePost(post),
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
