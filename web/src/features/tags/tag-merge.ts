import type { Tag } from '../../../../contract/tags.ts';
import { tagNameKey } from '../../../../contract/tags.ts';

/**
 * The tag that renaming tag `tagId` to `name` merges into (docs/API.md, `PATCH /api/tags/{id}`):
 * another of `tags` with that name ignoring case; undefined when the rename is a plain one (a
 * new name, or the tag's own in another case).
 */
export function mergeTarget<T extends Tag>(
  tags: readonly T[],
  tagId: number,
  name: string,
): T | undefined {
  const key = tagNameKey(name);
  return tags.find((other) => other.id !== tagId && tagNameKey(other.name) === key);
}

/** The question asked before a merge, e.g. 'A tag named “books” exists. Merge 3 posts into it?' */
export function mergeQuestion(into: string, posts: number): string {
  return `A tag named “${into}” exists. Merge ${posts} ${posts === 1 ? 'post' : 'posts'} into it?`;
}

/**
 * Where the user goes once tag `goneId` merged into `survivorId`: the survivor's page when
 * `pathname` is the page or the edit page of the tag that is gone, else undefined (stay).
 */
export function pathAfterMerge(
  pathname: string,
  goneId: number,
  survivorId: number,
): string | undefined {
  if (goneId === survivorId) return undefined;
  const match = /^\/tags\/(\d+)(?:\/edit)?\/?$/.exec(pathname);
  return match && Number(match[1]) === goneId ? `/tags/${survivorId}` : undefined;
}
