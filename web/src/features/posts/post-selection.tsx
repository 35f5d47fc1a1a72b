import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { postKeys } from './posts.queries.ts';
import type { PostSelection } from './use-post-selection.ts';

// The bar, its dialogs and pickers load when the first post is chosen (first-page weight).
const BulkActionBar = lazy(async () => ({
  default: (await import('./bulk-action-bar.tsx')).BulkActionBar,
}));

/** A post's box in a list where posts can be chosen for a bulk edit. */
export interface PostSelect {
  checked: boolean;
  /** Shown whatever the pointer does: some post of the list is chosen. */
  shown: boolean;
  /** A click; `range` when Shift was held. */
  onToggle: (range: boolean) => void;
}

/** The box of `post` in `selection` (PostCard's `select`). */
export function selectOf(selection: PostSelection, id: number): PostSelect {
  return {
    checked: selection.isSelected(id),
    shown: selection.ids.length > 0,
    onToggle: (range) => selection.click(id, range),
  };
}

/**
 * The check box choosing a post, named 'Select {title}'. On a desktop with a mouse it shows on
 * hover or focus of its post (a `group/post`), always once any post is chosen; on touch screens
 * and phones always. Shift+click (or Shift+Space) chooses the range from the box clicked last.
 */
export function PostCheckbox({
  select,
  label,
  className,
}: {
  select: PostSelect;
  label: string;
  /** Where it sits: absolute, in its post's corner or at the start of its line. */
  className: string;
}) {
  return (
    <span
      className={clsx(
        'flex size-5 shrink-0',
        !select.shown &&
          'md:pointer-fine:opacity-0 md:pointer-fine:group-focus-within/post:opacity-100 md:pointer-fine:group-hover/post:opacity-100',
        className,
      )}
    >
      {/* The box is 20 px; the input over it takes clicks 10 px around it (40 px, for fingers). */}
      <input
        type="checkbox"
        aria-label={`Select ${label}`}
        checked={select.checked}
        // A Shift+click would otherwise also select the text between the two posts.
        onMouseDown={(event) => event.shiftKey && event.preventDefault()}
        onChange={(event) => select.onToggle((event.nativeEvent as MouseEvent).shiftKey)}
        className="peer absolute -inset-2.5 z-10 cursor-pointer opacity-0"
      />
      <span
        aria-hidden
        className="flex size-5 items-center justify-center rounded-md border-2 border-control-line bg-surface text-on-accent shadow-xs transition-colors peer-hover:border-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-checked:border-accent peer-checked:bg-accent [&>svg]:opacity-0 peer-checked:[&>svg]:opacity-100"
      >
        <Check strokeWidth={3} className="size-3.5" />
      </span>
    </span>
  );
}

/**
 * The bulk action bar of a list (bulk-action-bar.tsx), loaded and shown once a post is chosen
 * and while its edit runs; in the recycle bin it restores instead of moving and deleting.
 */
export function SelectionBar({
  selection,
  inRecycleBin = false,
}: {
  selection: PostSelection;
  inRecycleBin?: boolean;
}) {
  // A running edit keeps it, also when the posts it moves have left the list already.
  const running = useIsMutating({ mutationKey: postKeys.bulkEdit }) > 0;
  if (selection.ids.length === 0 && !running) return null;
  return (
    <Suspense>
      <BulkActionBar ids={selection.ids} inRecycleBin={inRecycleBin} onClear={selection.clear} />
    </Suspense>
  );
}
