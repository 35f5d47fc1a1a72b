import { clsx } from 'clsx';
import { Ban } from 'lucide-react';
import { collectionIconIds, type CollectionIconId } from '../../../../contract/icons.ts';
import { CollectionIcon, iconLabel } from './collection-icon.tsx';

// The radio covers its cell, invisible: the drawing shows, the input takes clicks and focus.
const radio = 'absolute inset-0 z-10 m-0 cursor-pointer opacity-0';

const cell = clsx(
  'relative flex size-10 cursor-pointer items-center justify-center rounded-lg border text-fg-muted transition-colors',
  'border-transparent hover:bg-surface-muted hover:text-fg',
  'has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-text',
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring',
);

/**
 * The icon picker of the collection form (PRODUCT.md#collection-form): every icon of the catalogue
 * and "No Icon", as one radio group (arrow keys move between icons; each has its catalogue label).
 */
export function CollectionIconPicker({
  value,
  onChange,
}: {
  value: CollectionIconId | null;
  onChange: (value: CollectionIconId | null) => void;
}) {
  const name = 'collection-icon';
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-fg">Icon</legend>
      <div className="grid max-h-52 grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-1 overflow-y-auto rounded-lg border border-line p-2">
        <label className={cell} title="No Icon">
          <input
            type="radio"
            name={name}
            className={radio}
            checked={value === null}
            onChange={() => onChange(null)}
          />
          <Ban aria-hidden className="size-4" />
          <span className="sr-only">No Icon</span>
        </label>
        {collectionIconIds.map((id) => (
          <label key={id} className={cell} title={iconLabel(id)}>
            <input
              type="radio"
              name={name}
              className={radio}
              checked={value === id}
              onChange={() => onChange(id)}
            />
            <CollectionIcon iconId={id} className="size-5" />
            <span className="sr-only">{iconLabel(id)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
