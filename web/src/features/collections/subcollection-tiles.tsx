import { Link } from 'react-router';
import { plural } from '../../lib/count.ts';
import { CollectionIcon } from './collection-icon.tsx';

/** A sub-collection as a tile shows it. */
export interface SubcollectionTile {
  id: number;
  name: string;
  iconId: number | null;
  /** Live posts in it and every collection below it. */
  postCount: number;
  /** Where the tile leads: the sub-collection's page. */
  to: string;
}

/**
 * The sub-collections of a collection, at the top of its page: one tile each with its icon, its
 * name (cut with an ellipsis, in full on hover) and its posts with those below it, a link to it.
 * Tiles wrap on a wide screen and scroll sideways on a phone (with room for the focus ring);
 * nothing is drawn without any.
 */
export function SubcollectionTiles({ tiles }: { tiles: SubcollectionTile[] }) {
  if (tiles.length === 0) return null;
  return (
    <ul
      aria-label="Sub-collections"
      className="-mx-4 -mt-1 mb-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:mt-0 sm:mb-5 sm:grid sm:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] sm:overflow-visible sm:p-0"
    >
      {tiles.map((tile) => (
        <li key={tile.id} className="w-40 shrink-0 snap-start sm:w-auto">
          <Link
            to={tile.to}
            title={tile.name}
            className="flex h-full items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5 shadow-xs transition-colors hover:border-line-strong hover:bg-surface-muted"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
              <CollectionIcon iconId={tile.iconId} />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium text-fg">{tile.name}</span>
              <span className="text-xs text-fg-subtle tabular-nums">
                {plural(tile.postCount, 'post')}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
