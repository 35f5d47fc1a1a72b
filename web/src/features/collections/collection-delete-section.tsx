import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { logError } from '../../lib/log.ts';
import { Card } from '../../ui/card.tsx';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { notify } from '../../ui/notify.tsx';
import { countDescendants } from './collection-tree.ts';
import { useDeleteCollection } from './collections.queries.ts';

const headingId = 'delete-collection-heading';

/**
 * Delete section of the collection form (PRODUCT.md#collection-form), its text for a new
 * collection, one the user may delete, or one they may not (only its owner deletes a shared
 * collection's root).
 */
export function CollectionDeleteSection({
  collection,
  allowed,
}: {
  collection?: CollectionNode;
  allowed: boolean;
}) {
  if (!collection || !allowed) {
    return (
      <Card aria-labelledby={headingId} className="p-5 sm:p-6">
        <h2 id={headingId} className="text-base font-semibold">
          Delete collection
        </h2>
        <p className="mt-1.5 text-sm text-fg-muted">
          {collection
            ? `Only the owner of “${collection.name}” can delete it.`
            : 'Once the collection exists you can delete it here; its posts then go to the recycle bin.'}
        </p>
      </Card>
    );
  }
  return <DeleteCollection collection={collection} />;
}

/**
 * Asks once more before deleting, offers to take the sub-collections along (otherwise they move
 * up a level), then goes to / with the deletion notification (PRODUCT.md#after-an-action,
 * #messages).
 */
function DeleteCollection({ collection }: { collection: CollectionNode }) {
  const navigate = useNavigate();
  const remove = useDeleteCollection();
  const [nested, setNested] = useState(false);
  const below = countDescendants(collection);

  async function confirm() {
    try {
      await remove.mutateAsync({ id: collection.id, nested });
      notify({
        type: 'deletion',
        title: 'Collection deleted',
        description: 'Collection was successfully deleted.',
      });
      await navigate('/');
    } catch (error) {
      logError('deleting a collection failed', error);
    }
  }

  return (
    <Card aria-labelledby={headingId} className="p-5 sm:p-6">
      <h2 id={headingId} className="text-base font-semibold">
        Delete collection
      </h2>
      <p className="mt-1.5 text-sm text-fg-muted">
        Its posts move to the recycle bin, where you can still restore them.
        {below > 0 &&
          ` Its ${below === 1 ? 'sub-collection moves' : `${below} sub-collections move`} up a level unless you delete ${below === 1 ? 'it' : 'them'} too.`}
      </p>
      {below > 0 && (
        <label className="mt-4 flex w-fit cursor-pointer items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            checked={nested}
            onChange={(event) => setNested(event.target.checked)}
            className="size-4 accent-danger"
          />
          Also delete {below === 1 ? 'its sub-collection' : `its ${below} sub-collections`}
        </label>
      )}
      <ConfirmDelete
        label="Delete Collection"
        confirmLabel={`Yes, delete “${collection.name}”`}
        busy={remove.isPending}
        onConfirm={confirm}
      />
      {remove.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger-text">
          The collection could not be deleted. Please try again.
        </p>
      )}
    </Card>
  );
}
