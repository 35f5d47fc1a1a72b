import { Navigate, useParams } from 'react-router';
import type { Tag } from '../../../contract/tags.ts';
import { BackLink } from '../app/back-link.tsx';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { TAG_FORM_ID, TagForm } from '../features/tags/tag-form.tsx';
import { TagNotFound } from './tag-not-found.tsx';
import { tagIdFromParam } from '../features/tags/tag-id.ts';
import { TagMergeDialog } from '../features/tags/tag-merge-dialog.tsx';
import { useMergedInto, useTag } from '../features/tags/tags.queries.ts';
import { useTagForm, type TagFormState } from '../features/tags/use-tag-form.ts';
import { Button } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * The page around the tag form: its title, Save in the top bar, a way back to the tags, and the
 * question before a rename merges two tags.
 */
function TagFormPage({ title, state }: { title: string; state: TagFormState }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader
        title={title}
        actions={
          <Button type="submit" form={TAG_FORM_ID} variant="primary" busy={state.saving}>
            Save
          </Button>
        }
      />
      <BackLink to="/tags">Tags</BackLink>
      <TagForm state={state} />
      <TagMergeDialog state={state} />
    </div>
  );
}

/** `/tags/create` (PRODUCT.md#tags): a new tag. */
export function TagCreateRoute() {
  return <TagFormPage title="Create Tag" state={useTagForm()} />;
}

/**
 * `/tags/{id}/edit` (PRODUCT.md#tags): rename a tag; id 0 redirects to /. After a merge the
 * page of the tag that stayed opens (as it does for a tag merged away earlier in the visit).
 */
export function TagEditRoute() {
  const id = tagIdFromParam(useParams().tagId);
  const survivor = useMergedInto(id);
  if (id === undefined) return <NotFoundContent />;
  if (id === 0) return <Navigate to="/" replace />;
  if (survivor !== undefined) return <Navigate to={`/tags/${survivor}`} replace />;
  return <TagEditLoader key={id} id={id} />;
}

function TagEditLoader({ id }: { id: number }) {
  const tag = useTag(id);
  if (tag.isError) return <TagNotFound error={tag.error} pageTitle="Edit Tag" />;
  if (tag.isPending) {
    return (
      <>
        <PageHeader title="Edit Tag" />
        <PageSpinner />
      </>
    );
  }
  return <TagEdit tag={tag.data} />;
}

function TagEdit({ tag }: { tag: Tag }) {
  return <TagFormPage title="Edit Tag" state={useTagForm(tag)} />;
}
