import { Hash, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Tag } from '../../../contract/tags.ts';
import { Permission } from '../../../contract/permissions.ts';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { PostResults } from '../features/posts/post-results.tsx';
import { useTaggedPosts } from '../features/posts/posts.queries.ts';
import { tagIdFromParam } from '../features/tags/tag-id.ts';
import { TagNotFound } from './tag-not-found.tsx';
import { useTag } from '../features/tags/tags.queries.ts';
import { buttonClasses } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/** `/tags/{id}` (SPEC §2 Tags): the posts with that tag, titled '#name'. */
export function TagRoute() {
  const id = tagIdFromParam(useParams().tagId);
  if (!id) return <NotFoundContent />;
  return <TagLoader key={id} id={id} />;
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
  const posts = useTaggedPosts(tag.id);
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
      <PostResults
        query={posts}
        label="Posts"
        empty={{ icon: Hash, title: 'No posts to be found' }}
        // SPEC §2 Tags: the posts at permission 7.
        permissionOf={() => Permission.FULL}
      />
    </div>
  );
}
