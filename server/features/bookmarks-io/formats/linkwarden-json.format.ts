import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { distinctTags, type BookmarkFolder } from '../netscape-reader.ts';
import { createTree, folder, isoDate, list, oneLine, record, text } from './entries.ts';

/**
 * Linkwarden's JSON export (as Karakeep's importer reads it): `collections`, each `{ id, name,
 * parentId, links: [{ name, url, description, tags: [{ name }], createdAt }] }`. Collections nest
 * by `parentId`; one whose parent is missing, that would close a loop, or whose id repeats an
 * earlier one goes to the top level, so no link is lost.
 */
export const linkwardenJsonFormat: ImportFormat = {
  id: 'linkwarden-json',
  detect: (input) =>
    list(record(input.json())?.collections).some((item) => Array.isArray(record(item)?.links)),
  open: (input) =>
    readAtOnce(() => {
      const tree = createTree();
      const entries: Entry[] = list(record(input.json())?.collections)
        .map(record)
        .filter((item) => item !== undefined)
        .map((collection) => {
          const created = folder(oneLine(text(collection.name)));
          for (const link of list(collection.links)) {
            const entry = record(link) ?? {};
            tree.add(
              {
                title: oneLine(text(entry.name)),
                href: text(entry.url),
                addDate: isoDate(entry.createdAt),
                description: text(entry.description),
                tags: distinctTags(
                  list(entry.tags)
                    .map((tag) => text(record(tag)?.name))
                    .filter((name) => name !== undefined),
                ),
              },
              created.children,
            );
          }
          return { id: collection.id, parentId: collection.parentId, folder: created };
        });
      const byId = new Map<unknown, Entry>();
      for (const entry of entries) if (!byId.has(entry.id)) byId.set(entry.id, entry);
      for (const entry of entries) {
        const parent =
          byId.get(entry.id) === entry && nestsUnder(entry, byId)
            ? byId.get(entry.parentId)
            : undefined;
        (parent ? parent.folder.children : tree.roots).push(entry.folder);
      }
      return tree.file();
    }),
};

interface Entry {
  id: unknown;
  parentId: unknown;
  folder: BookmarkFolder;
}

/** Whether following `parentId` from `entry` ends at the top without a loop. */
function nestsUnder(entry: Entry, byId: Map<unknown, Entry>): boolean {
  if (!byId.has(entry.parentId)) return false;
  const seen = new Set<unknown>([entry.id]);
  for (let id = entry.parentId; byId.has(id); id = byId.get(id)?.parentId) {
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
