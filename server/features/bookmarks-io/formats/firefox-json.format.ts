import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { parseTags } from '../netscape-reader.ts';
import { list, oneLine, readTree, record, text } from './entries.ts';

const CONTAINER = 'text/x-moz-place-container';
const PLACE = 'text/x-moz-place';

/**
 * Firefox's JSON backup (Bookmarks → Manage → Backup): nested `{ type, title, children, uri,
 * tags (comma-separated), dateAdded, lastModified (microseconds) }`; a folder's description is
 * the annotation `bookmarkProperties/description`. Firefox's own roots (menu, toolbar, other,
 * mobile) become collections when they hold something; separators are left out, `place:` queries
 * are skipped like in HTML exports.
 */
export const firefoxJsonFormat: ImportFormat = {
  id: 'firefox-json',
  detect: (input) => record(input.json())?.type === CONTAINER,
  open: (input) =>
    readAtOnce(() => {
      const roots = list(record(input.json())?.children)
        .map(record)
        .filter(
          (node): node is Record<string, unknown> =>
            node !== undefined && !(node.root && list(node.children).length === 0),
        );
      return readTree(roots, {
        folderOf: (node) =>
          node.type === CONTAINER
            ? {
                title: oneLine(text(node.title)),
                addDate: microseconds(node.dateAdded),
                lastModified: microseconds(node.lastModified),
                description: description(node),
              }
            : undefined,
        entryOf: (node) =>
          node.type === PLACE
            ? {
                title: oneLine(text(node.title)),
                href: text(node.uri),
                addDate: microseconds(node.dateAdded),
                lastModified: microseconds(node.lastModified),
                description: description(node),
                tags: parseTags(text(node.tags)),
              }
            : undefined,
      });
    }),
};

function microseconds(value: unknown): number | null {
  return typeof value === 'number' && value > 0 ? Math.trunc(value / 1000) : null;
}

function description(node: Record<string, unknown>): string | null {
  const annotation = list(node.annos)
    .map(record)
    .find((anno) => anno?.name === 'bookmarkProperties/description');
  return text(annotation?.value)?.trim() || null;
}
