import { Navigate, useParams } from 'react-router';
import type { Tag } from '../../../contract/tags.ts';
import { BackLink } from '../app/back-link.tsx';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { TAG_FORM_ID, TagForm } from '../features/tags/tag-form.tsx';
import { TagNotFound } from './tag-not-found.tsx';
import { tagIdFromParam } from '../features/tags/tag-id.ts';
import { useTag } from '../features/tags/tags.queries.ts';
import { useTagForm, type TagFormState } from '../features/tags/use-tag-form.ts';
import { Button } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/** The page around the tag form: its title, Save in the top bar, a way back to the tags. */
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
    </div>
  );
}

/** `/tags/create` (SPEC §2): a new tag. */
export function TagCreateRoute() {
  return <TagFormPage title="Create Tag" state={useTagForm()} />;
}

/** `/tags/{id}/edit` (SPEC §2): rename a tag; id 0 redirects to /. */
export function TagEditRoute() {
  const id = tagIdFromParam(useParams().tagId);
  if (id === undefined) return <NotFoundContent />;
  if (id === 0) return <Navigate to="/" replace />;
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
