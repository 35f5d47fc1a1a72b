import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { collectionIdFromParam } from '../features/collections/collection-tree.ts';
import { prefillContent } from '../features/posts/post-content.ts';
import { PostEditorForm, SavePostButton } from '../features/posts/post-editor-form.tsx';
import { usePostEditor } from '../features/posts/use-post-editor.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';

/**
 * `/c/{collectionId}/p/create` (PRODUCT.md#post-editor, create mode): the collection is
 * preselected; the share-target query parameters `title`, `text` and `url` prefill the post.
 */
export function PostCreateRoute() {
  const collectionId = collectionIdFromParam(useParams().collectionId);
  const [search] = useSearchParams();
  if (collectionId === undefined) return <NotFoundContent />;
  return (
    <CreatePost
      collectionId={collectionId}
      title={search.get('title') ?? ''}
      content={prefillContent({ text: search.get('text'), url: search.get('url') })}
    />
  );
}

function CreatePost(props: { collectionId: number; title: string; content: string }) {
  const state = usePostEditor(props);
  return (
    <>
      <PageHeader title="Create Post" actions={<SavePostButton state={state} />} />
      <PostEditorForm state={state} />
    </>
  );
}
