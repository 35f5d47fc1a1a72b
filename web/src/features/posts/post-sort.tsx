import { ArrowDownWideNarrow } from 'lucide-react';
import { postSorts, type PostSort } from '../../../../contract/posts.ts';
import { OptionsMenu } from '../../ui/options-menu.tsx';
import {
  collectionPreferenceKey,
  useCollectionPreference,
} from '../collections/collection-preference.ts';

/** The name of each order of a collection's list (docs/API.md, Post lists: `sort`). */
const sortLabels: Record<PostSort, string> = {
  manual: 'Manual order',
  newest: 'Newest',
  oldest: 'Oldest',
  title: 'Title',
  domain: 'Domain',
};

const SORT_PREFERENCE = 'post-sort';

function isPostSort(value: unknown): value is PostSort {
  return postSorts.includes(value as PostSort);
}

/** localStorage key of the sort of collection `collectionId` (0 = Uncategorized). */
export function postSortKey(collectionId: number): string {
  return collectionPreferenceKey(SORT_PREFERENCE, collectionId);
}

/** The order chosen for a collection's posts, remembered per collection; manual until chosen. */
export function usePostSort(collectionId: number) {
  return useCollectionPreference<PostSort>(SORT_PREFERENCE, collectionId, 'manual', isPostSort);
}

/**
 * The sort menu of a collection: a button naming the order in effect, opening the five orders
 * (Manual order, Newest, Oldest, Title, Domain) with the one in effect checked.
 */
export function SortMenu({
  sort,
  onChange,
}: {
  sort: PostSort;
  onChange: (sort: PostSort) => void;
}) {
  return (
    <OptionsMenu
      label="Sort"
      icon={ArrowDownWideNarrow}
      text={sortLabels[sort]}
      items={postSorts.map((option) => ({
        label: sortLabels[option],
        checked: option === sort,
        onSelect: () => onChange(option),
      }))}
    />
  );
}
