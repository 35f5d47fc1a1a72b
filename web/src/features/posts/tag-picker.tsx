import { TAG_NAME_MAX } from '../../../../contract/tags.ts';
import { MultiCombobox } from '../../ui/multi-combobox.tsx';
import { useTags } from '../tags/tags.queries.ts';

/**
 * The post editor's tags (PRODUCT.md#post-editor): the user's tags to pick from, and any new name
 * typed (created when the post is saved).
 */
export function TagPicker({
  values,
  onChange,
  id,
  labelId,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  id: string;
  labelId: string;
}) {
  const tags = useTags();
  return (
    <MultiCombobox
      id={id}
      labelId={labelId}
      values={values}
      onChange={onChange}
      options={(tags.data ?? []).map((tag) => tag.name)}
      placeholder="Add tag"
      emptyText="No additional tags found"
      createLabel={(text) => `Create tag "${text}"`}
      maxLength={TAG_NAME_MAX}
    />
  );
}
