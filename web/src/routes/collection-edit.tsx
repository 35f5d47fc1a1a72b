import { FolderX } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import type { CollectionNode } from '../../../contract/collections.ts';
import { allows, Permission } from '../../../contract/permissions.ts';
import type { PublicShare } from '../../../contract/shares.ts';
import { useMe } from '../features/auth/auth.queries.ts';
import { MembersSection } from '../features/shares/members-section.tsx';
import { PublicShareSection } from '../features/shares/public-share-section.tsx';
import { usePublicShare } from '../features/shares/shares.queries.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { CollectionDeleteSection } from '../features/collections/collection-delete-section.tsx';
import { COLLECTION_FORM_ID, CollectionForm } from '../features/collections/collection-form.tsx';
import {
  collectionIdFromParam,
  findInTree,
  UNCATEGORIZED_ID,
} from '../features/collections/collection-tree.ts';
import { useCollectionTree } from '../features/collections/collections.queries.ts';
import { useCollectionForm } from '../features/collections/use-collection-form.ts';
import { Button } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/** `/c/{id}/edit` (PRODUCT.md#collection-form, "Collection Settings"); id 0 redirects to /. */
export function CollectionEditRoute() {
  const id = collectionIdFromParam(useParams().collectionId);
  const tree = useCollectionTree();
  const me = useMe();
  if (id === undefined) return <NotFoundContent />;
  if (id === UNCATEGORIZED_ID) return <Navigate to="/" replace />;
  if (tree.isPending) {
    return (
      <>
        <PageHeader title="Collection Settings" />
        <PageSpinner />
      </>
    );
  }
  const collection =
    tree.data && (findInTree(tree.data.collections, id) ?? findInTree(tree.data.shared, id));
  if (!collection) {
    return (
      <NotFoundContent
        pageTitle="Collection Settings"
        icon={FolderX}
        title="This collection does not exist"
        description="It may have been deleted."
        width="max-w-2xl"
      />
    );
  }
  const ownsIt = collection.user_id === me.data?.id;
  const sharedRoot = tree.data.shared.some((root) => root.id === collection.id);
  return (
    <CollectionSettings
      key={id}
      collection={collection}
      ownsIt={ownsIt}
      // PRODUCT.md#permissions: members may delete inside a shared tree, not the collection shared
      // with them.
      mayDelete={ownsIt || (allows(collection.permission, Permission.DELETE) && !sharedRoot)}
    />
  );
}

function CollectionSettings({
  collection,
  ownsIt,
  mayDelete,
}: {
  collection: CollectionNode;
  ownsIt: boolean;
  mayDelete: boolean;
}) {
  const share = usePublicShare(collection.id, ownsIt);
  if (ownsIt && share.isPending) return <PageSpinner />;
  return (
    <SettingsForm
      collection={collection}
      ownsIt={ownsIt}
      mayDelete={mayDelete}
      publicShare={share.data ?? null}
    />
  );
}

function SettingsForm({
  collection,
  ownsIt,
  mayDelete,
  publicShare,
}: {
  collection: CollectionNode;
  ownsIt: boolean;
  mayDelete: boolean;
  publicShare: PublicShare | null;
}) {
  const form = useCollectionForm(collection, publicShare, { ownsIt });
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader
        title="Collection Settings"
        actions={
          <Button type="submit" form={COLLECTION_FORM_ID} variant="primary" busy={form.saving}>
            Save
          </Button>
        }
      />
      <CollectionForm state={form} collection={collection} ownsIt={ownsIt} />
      {ownsIt && <MembersSection collection={collection} />}
      {ownsIt && (
        <PublicShareSection draft={form.share} onChange={form.setShare} error={form.errors.token} />
      )}
      <CollectionDeleteSection collection={collection} allowed={mayDelete} />
    </div>
  );
}
