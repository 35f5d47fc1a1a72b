import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Tag } from '../../../../contract/tags.ts';
import { tagBody } from '../../../../contract/tags.ts';
import { ApiError } from '../../lib/api-client.ts';
import { mergeTarget, pathAfterMerge } from './tag-merge.ts';
import { tagsQuery, useSaveTag } from './tags.queries.ts';

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

/** A merge the user is asked to confirm: the name typed, the tag of that name, posts moving. */
export interface PendingMerge {
  name: string;
  into: string;
  posts: number;
}

/** State and actions of a tag's name form (PRODUCT.md#tags): a new tag, or `tag` renamed. */
export interface TagFormState {
  name: string;
  setName: (name: string) => void;
  error: string | undefined;
  /** While the name is checked or saved. */
  saving: boolean;
  submit: (event: SubmitEvent) => Promise<void>;
  /** Set while the user is asked whether to merge into the tag that has the name already. */
  merge: PendingMerge | null;
  confirmMerge: () => Promise<void>;
  cancelMerge: () => void;
}

/**
 * A tag's name form: the name is checked by the contract's rule before it is sent. Renaming to
 * the name of another tag (ignoring case; the list is read afresh to know) merges the two on the
 * server, so the user is asked first ('A tag named X exists. Merge N posts into it?'). A failure
 * (a duplicate new tag, 409) is shown on the field. After a merge the page or edit page of the
 * tag that is gone gives way to the survivor's page; otherwise `onSaved` runs. Without
 * `onSaved` the user goes back where they came from (PRODUCT.md#after-an-action), or
 * to the tag list when the form was the first page opened.
 */
export function useTagForm(tag?: Tag, onSaved?: () => void): TagFormState {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const save = useSaveTag();
  const [name, setName] = useState(tag?.name ?? '');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [merge, setMerge] = useState<PendingMerge | null>(null);
  const saving = checking || save.isPending;

  async function write(validName: string) {
    const saved = await save.mutateAsync({ id: tag?.id, name: validName });
    const path = tag && pathAfterMerge(location.pathname, tag.id, saved.id);
    if (path) await navigate(path, { replace: true });
    else if (onSaved) onSaved();
    else await (location.key === 'default' ? navigate('/tags') : navigate(-1));
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = tagBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setChecking(true);
    try {
      if (tag) {
        const tags = await queryClient.query({ ...tagsQuery, staleTime: 0 });
        const into = mergeTarget(tags, tag.id, parsed.data.name);
        if (into) {
          const posts = tags.find((other) => other.id === tag.id)?.post_count ?? 0;
          setMerge({ name: parsed.data.name, into: into.name, posts });
          return;
        }
      }
      await write(parsed.data.name);
    } catch (failure) {
      setError(tagNameError(failure));
    } finally {
      setChecking(false);
    }
  }

  async function confirmMerge() {
    if (!merge || saving) return;
    try {
      await write(merge.name);
    } catch (failure) {
      setError(tagNameError(failure));
    } finally {
      setMerge(null);
    }
  }

  return {
    name,
    setName: (next) => {
      setName(next);
      setError(undefined);
    },
    error,
    saving,
    submit,
    merge,
    confirmMerge,
    cancelMerge: () => setMerge(null),
  };
}
