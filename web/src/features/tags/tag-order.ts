import type { Tag } from '../../../../contract/tags.ts';

/** A tag as the list shows it; `post_count` is there when the server gives it. */
export type ListedTag = Tag & { post_count?: number };

/** How the tag list is sorted: by name either way, or by how many posts carry the tag. */
export const tagSorts = ['name', 'name-desc', 'count'] as const;
export type TagSort = (typeof tagSorts)[number];

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Whether the tags carry their post counts (so the list can show and sort by them). */
export function hasPostCounts(tags: readonly ListedTag[]): boolean {
  return tags.length > 0 && tags.every((tag) => typeof tag.post_count === 'number');
}

/**
 * The tags whose name contains `filter` (ignoring case and accents, and a leading '#'), sorted
 * by `sort`: name A to Z, Z to A, or most posts first (then by name; by name when counts are
 * missing).
 */
export function visibleTags(
  tags: readonly ListedTag[],
  filter: string,
  sort: TagSort,
): ListedTag[] {
  const wanted = filter.trim().replace(/^#/, '');
  const shown = wanted
    ? tags.filter((tag) =>
        tag.name
          .toLocaleLowerCase()
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .includes(wanted.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '')),
      )
    : [...tags];
  return shown.sort((a, b) => {
    if (sort === 'count') {
      const difference = (b.post_count ?? 0) - (a.post_count ?? 0);
      if (difference !== 0) return difference;
    }
    const names = byName.compare(a.name, b.name);
    return sort === 'name-desc' ? -names : names;
  });
}
