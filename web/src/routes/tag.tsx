import { Hash, Pencil } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Tag } from '../../../contract/tags.ts';
import { Permission } from '../../../contract/permissions.ts';
import { PageHeader } from '../app/page-header.tsx';
import { usePageSize } from '../features/posts/post-list.tsx';
import { PagedPostResults } from '../features/posts/post-results.tsx';
import { useTaggedPosts, type PostsInView } from '../features/posts/posts.queries.ts';
import { tagIdFromParam } from '../features/tags/tag-id.ts';
import { TagNotFound } from './tag-not-found.tsx';
import { useMergedInto, useTag } from '../features/tags/tags.queries.ts';
import { buttonClasses } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * `/tags/{id}` (PRODUCT.md#tags): the posts with that tag, titled '#name'. An id that is not a
 * tag's number goes back (PRODUCT.md#routes: no id goes back), to the tag list when there is no
 * page to go back to. The page of a tag merged into another during the visit opens the other's.
 */
export function TagRoute() {
  const id = tagIdFromParam(useParams().tagId);
  const survivor = useMergedInto(id);
  if (!id) return <GoBack fallback="/tags" />;
  if (survivor !== undefined) return <Navigate to={`/tags/${survivor}`} replace />;
  return <TagLoader key={id} id={id} />;
}

/** Goes back one page, or to `fallback` when this page was the first of the visit. */
function GoBack({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // Queued, so an effect run twice (React's strict mode) goes back once.
    const queued = setTimeout(() => {
      // A tab opened on this address has nothing to go back to.
      if (window.history.length > 1) void navigate(-1);
      else void navigate(fallback, { replace: true });
    });
    return () => clearTimeout(queued);
  }, [navigate, fallback]);
  return <PageSpinner />;
}

function TagLoader({ id }: { id: number }) {
  const tag = useTag(id);
  if (tag.isError) return <TagNotFound error={tag.error} pageTitle="Tag" />;
  if (tag.isPending) {
    return (
      <>
        <PageHeader title="Tag" />
        <PageSpinner />
      </>
    );
  }
  return <TagPosts tag={tag.data} />;
}

function TagPosts({ tag }: { tag: Tag }) {
  const inViewRef = useRef<PostsInView | null>(null);
  const posts = useTaggedPosts(tag.id, usePageSize(), () => inViewRef.current?.() ?? null);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title={`#${tag.name}`}
        actions={
          <Link
            to={`/tags/${tag.id}/edit`}
            className={buttonClasses('secondary', 'md', 'max-sm:w-10 max-sm:px-0')}
          >
            <Pencil aria-hidden />
            <span className="max-sm:sr-only">Edit Tag</span>
          </Link>
        }
      />
      <PagedPostResults
        list={posts}
        inViewRef={inViewRef}
        label="Posts"
        empty={{ icon: Hash, title: 'No posts to be found' }}
        // PRODUCT.md#tags: the posts at permission 7.
        permissionOf={() => Permission.FULL}
        selection={{ listKey: `tag:${tag.id}` }}
      />
    </div>
  );
}
