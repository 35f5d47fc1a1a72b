import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Tag } from '../../../../contract/tags.ts';
import { tagBody } from '../../../../contract/tags.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSaveTag } from './tags.queries.ts';

/**
 * What the name field says about a failed save: the server's sentence for a duplicate (409),
 * else the field's first message (contract rules: trimmed, 1–64 characters).
 */
export function tagNameError(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 409 ? error.message : error.firstFieldMessage('name');
  }
  return 'The tag could not be saved. Please try again.';
}

/** State and submit of the tag form (SPEC §2 Tags): a new tag, or `tag` renamed. */
export interface TagFormState {
  name: string;
  setName: (name: string) => void;
  error: string | undefined;
  saving: boolean;
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The tag form's state: the name is checked by the contract's rule before it is sent; a failure
 * (a duplicate, 409) is shown on the field. After saving the user goes back where they came from
 * (SPEC §4 "tag save goes back"), or to the tag list when the form was the first page opened.
 */
export function useTagForm(tag?: Tag): TagFormState {
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveTag();
  const [name, setName] = useState(tag?.name ?? '');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = tagBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await save.mutateAsync({ id: tag?.id, name: parsed.data.name });
      await (location.key === 'default' ? navigate('/tags') : navigate(-1));
    } catch (failure) {
      setError(tagNameError(failure));
    }
  }

  return {
    name,
    setName: (next) => {
      setName(next);
      setError(undefined);
    },
    error,
    saving: save.isPending,
    submit,
  };
}
