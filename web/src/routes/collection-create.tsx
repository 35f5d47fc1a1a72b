import { PageHeader } from '../app/page-header.tsx';
import { CollectionDeleteSection } from '../features/collections/collection-delete-section.tsx';
import { COLLECTION_FORM_ID, CollectionForm } from '../features/collections/collection-form.tsx';
import { useCollectionForm } from '../features/collections/use-collection-form.ts';
import { PublicShareSection } from '../features/shares/public-share-section.tsx';
import { Button } from '../ui/button.tsx';

/**
 * `/c/create` (PRODUCT.md#collection-form, "Create Collection"): a new collection, then its page.
 */
export function CollectionCreateRoute() {
  const form = useCollectionForm();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader
        title="Create Collection"
        actions={
          <Button type="submit" form={COLLECTION_FORM_ID} variant="primary" busy={form.saving}>
            Save
          </Button>
        }
      />
      <CollectionForm state={form} ownsIt />
      <PublicShareSection draft={form.share} onChange={form.setShare} error={form.errors.token} />
      <CollectionDeleteSection allowed />
    </div>
  );
}
