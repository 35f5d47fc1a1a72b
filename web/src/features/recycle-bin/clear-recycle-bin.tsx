import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog.tsx';
import { useClearRecycleBin } from './recycle-bin.queries.ts';

/**
 * The recycle bin's Clear action (PRODUCT.md#recycle-bin): a confirmation dialog where the user
 * types 'delete', then every post in the bin is deleted for good. The list empties either way
 * (PRODUCT.md#after-an-action); a failure says so (PRODUCT.md#messages).
 */
export function ClearRecycleBin({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const clear = useClearRecycleBin();
  return (
    <>
      <Button
        variant="danger-outline"
        disabled={disabled}
        busy={clear.isPending}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        Clear
      </Button>
      <TypeToConfirmDialog
        open={open}
        onOpenChange={setOpen}
        description="Every post in the recycle bin is deleted for good, with its images and files. This cannot be undone."
        confirmLabel="Clear Recycle Bin"
        onConfirm={() =>
          clear.mutate(undefined, {
            onError: () =>
              notify({
                type: 'error',
                title: 'Error',
                description: 'Recycle Bin could not be cleared.',
              }),
          })
        }
      />
    </>
  );
}
