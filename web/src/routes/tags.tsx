import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { TagList } from '../features/tags/tag-list.tsx';
import { buttonClasses } from '../ui/button.tsx';

/** `/tags` (PRODUCT.md#tags), with Create Tag in the top bar. */
export function TagsRoute() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Tags"
        actions={
          <Link
            to="/tags/create"
            className={buttonClasses('primary', 'md', 'max-sm:w-10 max-sm:px-0')}
          >
            <Plus aria-hidden />
            <span className="max-sm:sr-only">Create Tag</span>
          </Link>
        }
      />
      <TagList />
    </div>
  );
}
