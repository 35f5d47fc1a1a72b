import { clsx } from 'clsx';
import { Folder, Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '../../ui/input.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { treeIndent } from '../../ui/tree-select.tsx';
import { collectionOptions, filterTreeOptions, UNCATEGORIZED_ID } from './collection-tree.ts';
import { useCollectionTree } from './collections.queries.ts';

/**
 * The collection tree as a list of radio buttons, Uncategorized first, under a filter box
 * (PRODUCT.md#transfer-dialog: a collection tree picker). Arrow keys move between choices, as in
 * any radio group; the filter keeps the matches with the collections above them. `current`, the
 * collection the post is in now, is marked.
 */
export function CollectionPicker({
  value,
  onChange,
  label,
  current,
}: {
  value: number | undefined;
  onChange: (collectionId: number) => void;
  label: string;
  current?: number;
}) {
  const name = useId();
  const tree = useCollectionTree();
  const [filter, setFilter] = useState('');
  if (tree.isPending) {
    return (
      <div aria-hidden className="flex flex-col gap-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  }
  const options = filterTreeOptions(
    collectionOptions(tree.data?.collections ?? [], { uncategorized: true }),
    filter,
  );
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        aria-label="Filter collections"
        placeholder="Filter collections"
        autoComplete="off"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <fieldset className="flex flex-col gap-0.5">
        <legend className="sr-only">{label}</legend>
        {options.length === 0 && (
          <p className="px-3 py-2 text-sm text-fg-subtle">No collection matches “{filter}”.</p>
        )}
        {options.map((option) => {
          const Icon = option.value === UNCATEGORIZED_ID ? Inbox : Folder;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              style={{ paddingLeft: treeIndent(option.depth) }}
              className={clsx(
                'flex cursor-pointer items-center gap-2.5 rounded-lg py-2 pr-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'bg-accent-soft font-medium text-fg'
                  : 'text-fg-muted hover:bg-surface-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <Icon
                aria-hidden
                className={clsx('size-4 shrink-0', checked && 'text-accent-text')}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {option.value === current && (
                <span className="shrink-0 text-xs font-medium text-fg-subtle">Current</span>
              )}
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}
