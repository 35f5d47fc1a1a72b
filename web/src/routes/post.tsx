import { ArrowLeft, BookOpen, FileX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { PostCard, PostCardSkeleton } from '../features/posts/post-card.tsx';
import { usePost } from '../features/posts/posts.queries.ts';
import { useShareAccess, type ShareAccess } from '../features/shares/share-access.ts';
import { buttonClasses } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

// The editor (Tiptap) loads only for signed-in users who edit.
const PostEditRoute = lazy(async () => ({
  default: (await import('./post-edit.tsx')).PostEditRoute,
}));

/**
 * `/p/{id}` (PRODUCT.md#routes): the post editor for signed-in users; opened with a share token,
 * the post read only, with the way back to the shared collection and, for a link, to its Reader
 * view (PRODUCT.md#reader-view).
 */
export function PostRoute() {
  const share = useShareAccess();
  const raw = useParams().postId ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  if (!share) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <PostEditRoute />
      </Suspense>
    );
  }
  if (id <= 0) return <NotFoundContent />;
  return <SharedPost key={id} id={id} share={share} />;
}

function SharedPost({ id, share }: { id: number; share: ShareAccess }) {
  const post = usePost(id);
  const back = `/s?token=${encodeURIComponent(share.token)}${
    post.data?.collection_id && post.data.collection_id !== share.auth.collection_id
      ? `&collection_id=${post.data.collection_id}`
      : ''
  }`;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title={post.data?.title || 'Post'} />
      <Link
        to={back}
        className="flex w-fit items-center gap-1.5 text-sm text-fg-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to the collection
      </Link>
      {post.isPending ? (
        <PostCardSkeleton />
      ) : post.isError ? (
        <NotFoundContent
          pageTitle="Post"
          icon={FileX}
          title="This post is not shared"
          description="It may have been deleted, moved, or the link no longer opens it."
        />
      ) : (
        <>
          <PostCard post={post.data} permission={share.auth.permission} />
          {post.data.type === 'link' && (
            <Link
              to={`/p/${id}/read?token=${encodeURIComponent(share.token)}`}
              className={buttonClasses('secondary', 'md', 'w-fit')}
            >
              <BookOpen aria-hidden />
              Reader view
            </Link>
          )}
        </>
      )}
    </div>
  );
}
