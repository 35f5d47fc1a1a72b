import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { list, oneLine, readTree, record, text } from './entries.ts';

/**
 * Chrome's own `Bookmarks` file (JSON, in the browser profile): `roots` holds the bookmark bar,
 * "Other bookmarks" and the mobile bookmarks, each a folder of `{ type: 'url' | 'folder', name,
 * url, children, date_added }`. Each root that holds something becomes a collection; dates are
 * microseconds since 1601-01-01 (Windows FILETIME epoch).
 */
export const chromeJsonFormat: ImportFormat = {
  id: 'chrome-json',
  detect: (input) => {
    const roots = record(record(input.json())?.roots);
    return roots !== undefined && Object.values(roots).some((root) => record(root)?.children);
  },
  open: (input) =>
    readAtOnce(() => {
      const roots = Object.values(record(record(input.json())?.roots) ?? {})
        .map(record)
        .filter(
          (root): root is Record<string, unknown> =>
            root !== undefined && list(root.children).length > 0,
        );
      return readTree(roots, {
        folderOf: (node) =>
          node.type === 'folder' || node.children !== undefined
            ? {
                title: oneLine(text(node.name)),
                addDate: chromeTime(node.date_added),
                lastModified: chromeTime(node.date_modified),
                description: null,
              }
            : undefined,
        entryOf: (node) => ({
          title: oneLine(text(node.name)),
          href: text(node.url),
          addDate: chromeTime(node.date_added),
          lastModified: chromeTime(node.date_modified),
        }),
      });
    }),
};

/** Microseconds between 1601-01-01 and 1970-01-01. */
const EPOCH_DIFFERENCE_US = 11_644_473_600_000_000;

/** A Chrome time (microseconds since 1601, as text) as a Date; null for "0" or junk. */
function chromeTime(value: unknown): number | null {
  const digits = text(value);
  if (!digits || !/^\d+$/.test(digits)) return null;
  const microseconds = Number(digits) - EPOCH_DIFFERENCE_US;
  return microseconds > 0 ? Math.trunc(microseconds / 1000) : null;
}
