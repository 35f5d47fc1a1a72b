import { TagInput, type TagInputProps } from '../tags/tag-input.tsx';
import { useTags } from '../tags/tags.queries.ts';

/**
 * The post editor's tags (PRODUCT.md#post-editor), also used by the bulk tag dialogs: a
 * {@link TagInput} offering the user's tags.
 */
export function TagPicker(props: TagInputProps) {
  const tags = useTags();
  return <TagInput known={(tags.data ?? []).map((tag) => tag.name)} {...props} />;
}
