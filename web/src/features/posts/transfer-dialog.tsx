import { useState } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { pickerIdOf } from '../collections/collection-tree.ts';
import { CollectionPicker } from '../collections/collection-picker.tsx';
import { useTransferPostAction } from './post-actions.ts';

/**
 * PRODUCT.md#transfer-dialog: the collection tree to choose from and a Transfer button; a click on
 * the backdrop closes it. The post lands on top of the chosen collection (PRODUCT.md#transfer), with
 * Undo.
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
  const transfer = useTransferPostAction();

  async function submit() {
    if (await transfer.run(post, target)) onOpenChange(false);
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
          busy={transfer.pending}
          disabled={target === current}
          onClick={() => void submit()}
        >
          Transfer
        </Button>
      }
    >
      <CollectionPicker label="Collection" value={target} onChange={setTarget} current={current} />
    </Dialog>
  );
}
