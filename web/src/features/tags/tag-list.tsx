import { Hash, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Tag } from '../../../../contract/tags.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { notify } from '../../ui/notify.tsx';
import { OptionsMenu } from '../../ui/options-menu.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDeleteTag, useTags } from './tags.queries.ts';

/** A tag's row: a link to its page and its context menu (Edit, Delete). */
function TagRow({ tag }: { tag: Tag }) {
  const remove = useDeleteTag();
  return (
    <li className="relative flex items-center gap-2 py-1.5 pr-2 pl-4 transition-colors hover:bg-surface-muted sm:pl-5">
      <Link
        to={`/tags/${tag.id}`}
        className="min-w-0 flex-1 truncate py-2 font-medium after:absolute after:inset-0 after:content-['']"
      >
        <span aria-hidden className="text-fg-subtle">
          #
        </span>
        {tag.name}
      </Link>
      {/* Above the row's link overlay, so the menu stays clickable. */}
      <div className="relative">
        <OptionsMenu
          label={`Options for ${tag.name}`}
          items={[
            { label: 'Edit', icon: Pencil, to: `/tags/${tag.id}/edit` },
            {
              label: 'Delete',
              icon: Trash2,
              tone: 'danger',
              onSelect: () =>
                remove.mutate(
                  { id: tag.id },
                  {
                    onError: () =>
                      notify({
                        type: 'error',
                        title: 'Error',
                        description: 'Tag could not be deleted.',
                      }),
                  },
                ),
            },
          ]}
        />
      </div>
    </li>
  );
}

/** SPEC §2 Tags list: each tag links to its posts and has a context menu with Edit and Delete. */
export function TagList() {
  const tags = useTags();
  if (tags.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-5" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </Card>
    );
  }
  if (tags.isError) {
    return (
      <EmptyState
        icon={Hash}
        title="The tags could not be loaded"
        description="Check your connection and try again."
        action={<Button onClick={() => void tags.refetch()}>Try again</Button>}
      />
    );
  }
  if (tags.data.length === 0) {
    return (
      <EmptyState
        icon={Hash}
        title="No tags yet"
        description="Tags you add to posts show up here; you can also create one now."
        action={
          <Link to="/tags/create" className={buttonClasses('primary')}>
            Create Tag
          </Link>
        }
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul aria-label="Tags" className="divide-y divide-line">
        {tags.data.map((tag) => (
          <TagRow key={tag.id} tag={tag} />
        ))}
      </ul>
    </Card>
  );
}
