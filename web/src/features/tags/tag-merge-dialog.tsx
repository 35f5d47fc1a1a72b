import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { mergeQuestion } from './tag-merge.ts';
import type { TagFormState } from './use-tag-form.ts';

/**
 * Asks before a rename merges two tags (docs/API.md, `PATCH /api/tags/{id}`): 'A tag named X
 * exists. Merge N posts into it?', with Merge and Cancel (Escape and the backdrop cancel too).
 */
export function TagMergeDialog({ state }: { state: TagFormState }) {
  const { merge } = state;
  return (
    <Dialog
      open={merge !== null}
      onOpenChange={(open) => {
        if (!open && !state.saving) state.cancelMerge();
      }}
      title="Merge tags?"
      description={merge && mergeQuestion(merge.into, merge.posts)}
      footer={
        <>
          <Button variant="ghost" onClick={state.cancelMerge} disabled={state.saving}>
            Cancel
          </Button>
          <Button variant="primary" busy={state.saving} onClick={() => void state.confirmMerge()}>
            Merge
          </Button>
        </>
      }
    />
  );
}
