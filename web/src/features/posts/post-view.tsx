import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { LayoutGrid, List, Rows3 } from 'lucide-react';
import {
  collectionPreferenceKey,
  useCollectionPreference,
} from '../collections/collection-preference.ts';

/**
 * How a collection shows its posts: cards (PRODUCT.md#post-card), one line each, or image tiles.
 */
export const postViews = ['cards', 'list', 'grid'] as const;
export type PostView = (typeof postViews)[number];

const viewLabels: Record<PostView, { label: string; icon: LucideIcon }> = {
  cards: { label: 'Cards', icon: Rows3 },
  list: { label: 'List', icon: List },
  grid: { label: 'Grid', icon: LayoutGrid },
};

function isPostView(value: unknown): value is PostView {
  return postViews.includes(value as PostView);
}

const VIEW_PREFERENCE = 'post-view';

/** localStorage key of the view of collection `collectionId` (0 = Uncategorized). */
export function postViewKey(collectionId: number): string {
  return collectionPreferenceKey(VIEW_PREFERENCE, collectionId);
}

/** The view chosen for a collection, remembered per collection; cards until one is chosen. */
export function usePostView(collectionId: number) {
  return useCollectionPreference<PostView>(VIEW_PREFERENCE, collectionId, 'cards', isPostView);
}

/**
 * The view switcher of a collection's top bar: three toggle buttons (Cards, List, Grid), the
 * chosen one pressed; each has its name as label and tooltip.
 */
export function ViewSwitcher({
  view,
  onChange,
}: {
  view: PostView;
  onChange: (view: PostView) => void;
}) {
  return (
    <div
      role="group"
      aria-label="View"
      className="flex shrink-0 items-center rounded-lg border border-line bg-surface p-0.5"
    >
      {postViews.map((option) => {
        const { label, icon: Icon } = viewLabels[option];
        const pressed = option === view;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            aria-label={label}
            title={label}
            onClick={() => onChange(option)}
            className={clsx(
              'flex size-8 items-center justify-center rounded-md transition-colors sm:size-8',
              pressed
                ? 'bg-accent-soft text-accent-text'
                : 'text-fg-subtle hover:bg-surface-muted hover:text-fg',
            )}
          >
            <Icon aria-hidden className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
