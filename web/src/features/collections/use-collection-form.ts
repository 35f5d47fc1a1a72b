import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Collection } from '../../../../contract/collections.ts';
import { isCollectionIconId, type CollectionIconId } from '../../../../contract/icons.ts';
import type { PublicShare } from '../../../../contract/shares.ts';
import { ApiError } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';
import { useSavePublicShare, type PublicShareDraft } from '../shares/shares.queries.ts';
import { useCreateCollection, useUpdateCollection } from './collections.queries.ts';

/** Field errors of the collection form. */
export interface CollectionFormErrors {
  name?: string;
  parent?: string;
  token?: string;
  /** A failure that is not about one field. */
  form?: string;
}

/** Errors to show for a failed save: the server's field messages, else one for the form. */
function collectionSaveErrors(error: unknown): CollectionFormErrors {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    const { name, parent_id, token } = error.fields;
    return {
      name: name?.[0],
      parent: parent_id?.[0],
      token: token?.[0],
      form: name || parent_id || token ? undefined : error.firstFieldMessage(),
    };
  }
  if (error instanceof ApiError && error.status === 422) return { parent: error.message };
  if (error instanceof ApiError && error.status === 409) return { token: error.message };
  return { form: 'The collection could not be saved. Please try again.' };
}

/**
 * State and submit of the collection form (PRODUCT.md#collection-form): name, parent ("None" = top
 * level), icon, and, for its owner, the Collection Url saved by the rules of
 * PRODUCT.md#public-share-on-save. Creating goes to the new collection, saving to the edited one
 * (PRODUCT.md#after-an-action).
 */
export function useCollectionForm(
  collection?: Collection,
  publicShare: PublicShare | null = null,
  options: { ownsIt: boolean } = { ownsIt: true },
) {
  const navigate = useNavigate();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const saveShare = useSavePublicShare();
  const [name, setName] = useState(collection?.name ?? '');
  const [parentId, setParentId] = useState<number | null>(collection?.parent_id ?? null);
  const [iconId, setIconId] = useState<CollectionIconId | null>(
    collection?.icon_id != null && isCollectionIconId(collection.icon_id)
      ? collection.icon_id
      : null,
  );
  const [share, setShare] = useState<PublicShareDraft>({
    active: publicShare?.is_active ?? false,
    token: publicShare?.token ?? '',
    includeDescendants: publicShare?.include_descendants ?? false,
  });
  const [errors, setErrors] = useState<CollectionFormErrors>({});
  const saving = create.isPending || update.isPending || saveShare.isPending;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: 'Name is required.' });
      return;
    }
    setErrors({});
    try {
      const saved = collection
        ? await update.mutateAsync({
            id: collection.id,
            name: trimmed,
            icon_id: iconId,
            ...(parentId === collection.parent_id
              ? {}
              : { parent_id: parentId, is_root: parentId === null }),
          })
        : await create.mutateAsync({ name: trimmed, parent_id: parentId, icon_id: iconId });
      if (options.ownsIt) {
        await saveShare.mutateAsync({
          collectionId: saved.id,
          existing: publicShare,
          draft: share,
        });
      }
      await navigate(`/c/${saved.id}`);
    } catch (error) {
      logError('saving a collection failed', error);
      setErrors(collectionSaveErrors(error));
    }
  }

  return {
    name,
    setName,
    parentId,
    setParentId,
    iconId,
    setIconId,
    share,
    setShare,
    errors,
    saving,
    submit,
  };
}

/** What `useCollectionForm` returns, for the form that renders it. */
export type CollectionFormState = ReturnType<typeof useCollectionForm>;
