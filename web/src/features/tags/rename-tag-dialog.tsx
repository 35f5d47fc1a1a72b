import type { Tag } from '../../../../contract/tags.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TagNameForm } from './tag-form.tsx';
import { TagMergeDialog } from './tag-merge-dialog.tsx';
import { useTagForm } from './use-tag-form.ts';

const FORM_ID = 'rename-tag-form';

/**
 * Renames a tag from the tag list: its name in a field (Enter or Rename saves, Escape or Cancel
 * closes), the save's error on the field. A name another tag has asks to merge first
 * (TagMergeDialog); Cancel there comes back to the name.
 */
export function RenameTagDialog({
  tag,
  open,
  onOpenChange,
}: {
  tag: Tag;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const state = useTagForm(tag, () => onOpenChange(false));
  return (
    <>
      <Dialog
        open={open && state.merge === null}
        onOpenChange={onOpenChange}
        title={`Rename #${tag.name}`}
        footer={
          <>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} variant="primary" busy={state.saving}>
              Rename
            </Button>
          </>
        }
      >
        <TagNameForm id={FORM_ID} state={state} />
      </Dialog>
      <TagMergeDialog state={state} />
    </>
  );
}
