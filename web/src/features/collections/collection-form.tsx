import { CircleAlert } from 'lucide-react';
import type { TreeOption } from '../../ui/tree-select.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { allows, Permission } from '../../../../contract/permissions.ts';
import { CollectionIconPicker } from './collection-icon-picker.tsx';
import { collectionOptions, findInTree } from './collection-tree.ts';
import { useCollectionTree } from './collections.queries.ts';
import type { CollectionFormState } from './use-collection-form.ts';

/**
 * Where a collection may go ("Subcollection of", PRODUCT.md#collection-form: own and shared
 * collections). A new one anywhere the user may write, or at the top; an existing one only within
 * its owner's tree (the server refuses moves between trees, and only the owner moves it to the
 * top), never into itself or below.
 */
export function parentChoices(
  tree: { collections: CollectionNode[]; shared: CollectionNode[] },
  collection: CollectionNode | undefined,
  ownsIt: boolean,
): TreeOption<number | null>[] {
  const none: TreeOption<number | null> = { value: null, label: 'None', depth: 0 };
  const writable = (nodes: CollectionNode[]) =>
    collectionOptions(nodes, { exclude: collection?.id }).filter((option) =>
      allows(findInTree(nodes, option.value)!.permission, Permission.WRITE),
    );
  if (!collection) return [none, ...writable(tree.collections), ...writable(tree.shared)];
  if (ownsIt) return [none, ...writable(tree.collections)];
  // A member moves collections only within the tree shared with them, and never its root.
  const sharedRoot = tree.shared.find((root) => findInTree([root], collection.id));
  return sharedRoot && sharedRoot.id !== collection.id ? writable([sharedRoot]) : [];
}

/** The form's id, so a Save button outside it (in the top bar) can submit it. */
export const COLLECTION_FORM_ID = 'collection-form';

/** Name, "Subcollection of" and icon (PRODUCT.md#collection-form). */
export function CollectionForm({
  state,
  collection,
  ownsIt,
}: {
  state: CollectionFormState;
  collection?: CollectionNode;
  ownsIt: boolean;
}) {
  const tree = useCollectionTree();
  const parents = parentChoices(tree.data ?? { collections: [], shared: [] }, collection, ownsIt);

  return (
    <Card aria-labelledby="collection-details-heading" className="p-5 sm:p-6">
      <h2 id="collection-details-heading" className="mb-5 text-base font-semibold">
        Details
      </h2>
      <form
        id={COLLECTION_FORM_ID}
        onSubmit={(event) => void state.submit(event)}
        className="flex flex-col gap-5"
      >
        {state.errors.form && (
          <div
            role="alert"
            className="flex items-start gap-2.5 rounded-lg border border-danger/30 bg-danger-soft px-3.5 py-3 text-sm text-danger-text"
          >
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{state.errors.form}</span>
          </div>
        )}
        <Field label="Name" error={state.errors.name}>
          {(control) => (
            <Input
              id={control.id}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              autoComplete="off"
              autoFocus={!collection}
              maxLength={255}
              value={state.name}
              onChange={(event) => state.setName(event.target.value)}
            />
          )}
        </Field>
        {parents.length > 0 && (
          <Field
            label="Subcollection of"
            hint={
              parents[0]?.value === null
                ? 'Leave it at None to keep the collection at the top level.'
                : undefined
            }
            error={state.errors.parent}
          >
            {(control) => (
              <TreeSelect
                id={control.id}
                labelId={control.labelId}
                describedBy={control.describedBy}
                options={parents}
                value={state.parentId}
                onChange={state.setParentId}
                placeholder="None"
              />
            )}
          </Field>
        )}
        <CollectionIconPicker value={state.iconId} onChange={state.setIconId} />
      </form>
    </Card>
  );
}
