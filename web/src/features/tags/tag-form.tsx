import { TAG_NAME_MAX } from '../../../../contract/tags.ts';
import { Card } from '../../ui/card.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { TagFormState } from './use-tag-form.ts';

/** The form's id, so a Save button outside it (in the top bar) can submit it. */
export const TAG_FORM_ID = 'tag-form';

/** PRODUCT.md#tags: the one field 'Name of your Tag', with the save's error on it. */
export function TagForm({ state }: { state: TagFormState }) {
  return (
    <Card className="p-5 sm:p-6">
      <TagNameForm id={TAG_FORM_ID} state={state} />
    </Card>
  );
}

/**
 * The form of a tag's name (the edit page's and the rename dialog's): the field, focused, with
 * the save's error on it; submitting saves. `id` lets a button outside it submit it.
 */
export function TagNameForm({ id, state }: { id: string; state: TagFormState }) {
  return (
    <form id={id} noValidate onSubmit={(event) => void state.submit(event)}>
      <TextField
        label="Name of your Tag"
        value={state.name}
        onChange={state.setName}
        error={state.error}
        maxLength={TAG_NAME_MAX}
        autoFocus
        autoComplete="off"
      />
    </form>
  );
}
