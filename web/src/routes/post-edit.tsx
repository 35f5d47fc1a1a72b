import { BookOpen, FileX, Trash2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Post } from '../../../contract/posts.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { pickerIdOf } from '../features/collections/collection-tree.ts';
import {
  PostEditorForm,
  PostEditorSkeleton,
  SavePostButton,
} from '../features/posts/post-editor-form.tsx';
import { FavoriteToggle } from '../features/posts/favorite-toggle.tsx';
import { usePost } from '../features/posts/posts.queries.ts';
import { usePostEditor } from '../features/posts/use-post-editor.ts';
import { Button, buttonClasses } from '../ui/button.tsx';

/**
 * `/p/{id}` (PRODUCT.md#post-editor, edit mode): the post with its star (PRODUCT.md#favourites),
 * for a link the way to its Reader view (PRODUCT.md#reader-view), Save and a red Delete Post.
 */
export function PostEditRoute() {
  const raw = useParams().postId ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) return <NotFoundContent />;
  return <PostLoader key={id} id={id} />;
}

function PostLoader({ id }: { id: number }) {
  const post = usePost(id);
  if (post.isPending) {
    return (
      <>
        <PageHeader title="Edit Post" />
        <PostEditorSkeleton />
      </>
    );
  }
  if (post.isError) {
    return (
      <NotFoundContent
        pageTitle="Edit Post"
        icon={FileX}
        title="This post does not exist"
        description="It may have been deleted or moved to the recycle bin."
      />
    );
  }
  return <EditPost post={post.data} />;
}

function EditPost({ post }: { post: Post }) {
  const state = usePostEditor({
    post,
    title: post.title ?? '',
    content: post.content,
    collectionId: pickerIdOf(post.collection_id),
  });
  return (
    <>
      <PageHeader
        title="Edit Post"
        actions={
          <>
            <FavoriteToggle post={post} />
            {post.type === 'link' && (
              <Link
                to={`/p/${post.id}/read`}
                aria-label="Reader view"
                className={buttonClasses('secondary', 'md', 'max-sm:w-10 max-sm:px-0')}
              >
                <BookOpen aria-hidden />
                <span className="max-sm:sr-only">Reader view</span>
              </Link>
            )}
            <Button
              variant="danger-outline"
              busy={state.deleting}
              onClick={() => void state.remove()}
              aria-label="Delete Post"
              className="max-sm:w-10 max-sm:px-0"
            >
              {!state.deleting && <Trash2 aria-hidden />}
              <span className="max-sm:sr-only">Delete Post</span>
            </Button>
            <SavePostButton state={state} />
          </>
        }
      />
      <PostEditorForm state={state} />
    </>
  );
}
