import { useState } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { notify } from '../../ui/notify.tsx';
import { pickerIdOf } from '../collections/collection-tree.ts';
import { CollectionPicker } from '../collections/collection-picker.tsx';
import { useTransferPost } from './posts.queries.ts';

/**
 * PRODUCT.md#transfer-dialog: the collection tree to choose from and a Transfer button; a click on
 * the backdrop closes it. The post lands on top of the chosen collection (PRODUCT.md#transfer).
 */
export function TransferDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = pickerIdOf(post.collection_id);
  const [target, setTarget] = useState(current);
  const transfer = useTransferPost();

  function submit() {
    transfer.mutate(
      { id: post.id, collectionId: target },
      {
        onSuccess: () => onOpenChange(false),
        onError: () =>
          notify({ type: 'error', title: 'Error', description: 'Post could not be updated.' }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setTarget(current);
        onOpenChange(next);
      }}
      title="Collections"
      description="Select a collection you wish to transfer your post to."
      footer={
        <Button
          variant="primary"
          busy={transfer.isPending}
          disabled={target === current}
          onClick={submit}
        >
          Transfer
        </Button>
      }
    >
      <CollectionPicker label="Collection" value={target} onChange={setTarget} current={current} />
    </Dialog>
  );
}
