import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { distinctTags, parseTimestamp, type BookmarkNode } from '../netscape-reader.ts';
import { csvHeaderHas, readCsvTable } from './csv.ts';
import { createTree, folder, oneLine } from './entries.ts';

const COLUMNS = ['url', 'title', 'selection', 'folder'];

/**
 * Instapaper's CSV export (`URL,Title,Selection,Folder`, newer ones add `Timestamp` and `Tags`).
 * Each Instapaper folder (its own Unread, Archive and Starred too) becomes a collection; the
 * selection becomes the description; `Tags` is a JSON list of names.
 */
export const instapaperCsvFormat: ImportFormat = {
  id: 'instapaper-csv',
  detect: (input) => csvHeaderHas(input.head(), COLUMNS),
  open: (input) =>
    readAtOnce(() => {
      const tree = createTree();
      const folders = new Map<string, BookmarkNode[]>();
      for (const row of readCsvTable(input.text(), COLUMNS) ?? []) {
        const name = oneLine(row.folder);
        let children = tree.roots;
        if (name !== '') {
          children = folders.get(name) ?? [];
          if (!folders.has(name)) {
            folders.set(name, children);
            tree.roots.push(folder(name, children));
          }
        }
        tree.add(
          {
            title: oneLine(row.title),
            href: row.url,
            addDate: parseTimestamp(row.timestamp),
            description: row.selection,
            tags: distinctTags(tagList(row.tags)),
          },
          children,
        );
      }
      return tree.file();
    }),
};

/** Instapaper writes tags as a JSON list (`["a","b"]`); anything else gives none. */
function tagList(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((tag) => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}
