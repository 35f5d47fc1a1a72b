import type { CollectionNode } from '../../../../contract/collections.ts';
import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME } from '../collections/collection-tree.ts';

/** An action of the command palette that is not a place (PRODUCT.md#command-palette). */
export type PaletteAction = 'new-post' | 'import' | 'toggle-theme' | 'shortcuts';

/** One choice of the command palette. */
export type PaletteItem =
  | { kind: 'collection'; id: number; label: string }
  | { kind: 'tag'; id: number; label: string }
  | { kind: 'action'; action: PaletteAction; label: string }
  | { kind: 'post'; id: number; label: string }
  | { kind: 'search'; text: string; label: string };

/** PRODUCT.md#command-palette: at most this many collections, and as many tags, are offered. */
export const PALETTE_GROUP_LIMIT = 8;

const ACTIONS: readonly { action: PaletteAction; label: string }[] = [
  { action: 'new-post', label: 'New post' },
  { action: 'import', label: 'Import' },
  { action: 'toggle-theme', label: 'Toggle theme' },
  { action: 'shortcuts', label: 'Keyboard shortcuts' },
];

/**
 * Every collection of `nodes` with its full path ("Work / Clients"), depth first in sibling
 * order, after Uncategorized.
 */
export function collectionPaths(nodes: readonly CollectionNode[]): { id: number; path: string }[] {
  const walk = (level: readonly CollectionNode[], above: string): { id: number; path: string }[] =>
    level.flatMap((node) => {
      const path = above ? `${above} / ${node.name}` : node.name;
      return [{ id: node.id, path }, ...walk(node.nested, path)];
    });
  return [{ id: UNCATEGORIZED_ID, path: UNCATEGORIZED_NAME }, ...walk(nodes, '')];
}

/**
 * How well `label` matches the typed `words` (lower case): null when a word is missing, 0 when
 * the label (or its last part, for a path) starts with the first word, else 1.
 */
function matchRank(label: string, words: readonly string[]): number | null {
  const text = label.toLowerCase();
  if (!words.every((word) => text.includes(word))) return null;
  const last = text.split(' / ').at(-1) ?? text;
  return text.startsWith(words[0]!) || last.startsWith(words[0]!) ? 0 : 1;
}

/** The items of `items` matching `words`, those starting with the first word first. */
function matching<T extends { label: string }>(items: readonly T[], words: readonly string[]): T[] {
  if (words.length === 0) return [...items];
  return items
    .map((item) => ({ item, rank: matchRank(item.label, words) }))
    .filter((entry): entry is { item: T; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.item);
}

/**
 * What the command palette offers for the typed `text` (PRODUCT.md#command-palette): the
 * collections (by full path) and tags whose name holds every word typed, ignoring case, those
 * starting with it first, at most {@link PALETTE_GROUP_LIMIT} of each; the matching actions; the
 * posts the search found (`posts`, already matched by the server); and a search for the text.
 * With nothing typed: the actions, then the first collections and tags.
 */
export function paletteItems({
  text,
  collections,
  tags,
  posts,
}: {
  text: string;
  collections: readonly { id: number; path: string }[];
  tags: readonly { id: number; name: string }[];
  posts: readonly { id: number; title: string }[];
}): PaletteItem[] {
  const typed = text.trim();
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const collectionItems = collections.map(({ id, path }): PaletteItem => ({
    kind: 'collection',
    id,
    label: path,
  }));
  const tagItems = tags.map(({ id, name }): PaletteItem => ({ kind: 'tag', id, label: name }));
  const actionItems = ACTIONS.map((action): PaletteItem => ({ kind: 'action', ...action }));
  const places = [
    ...matching(collectionItems, words).slice(0, PALETTE_GROUP_LIMIT),
    ...matching(tagItems, words).slice(0, PALETTE_GROUP_LIMIT),
  ];
  // Nothing typed yet: the actions come first.
  if (!typed) return [...actionItems, ...places];
  return [
    ...places,
    ...matching(actionItems, words),
    ...posts.map(({ id, title }): PaletteItem => ({ kind: 'post', id, label: title })),
    { kind: 'search', text: typed, label: `Search for “${typed}”` },
  ];
}
