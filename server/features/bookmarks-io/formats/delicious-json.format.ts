import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { distinctTags, parseTimestamp } from '../netscape-reader.ts';
import { isListOf, list, oneLine, readList, text } from './entries.ts';

/**
 * Delicious's JSON export: a list of `{ title, url, description, tags (a list), created (Unix
 * seconds as text) }`. `private` is not kept (everything in Nestmark is private until shared).
 */
export const deliciousJsonFormat: ImportFormat = {
  id: 'delicious-json',
  detect: (input) =>
    isListOf(input.json(), (item) => text(item.url) !== undefined && item.href === undefined),
  open: (input) =>
    readAtOnce(() =>
      readList(input.json(), (item) => ({
        title: oneLine(text(item.title)),
        href: text(item.url),
        addDate: parseTimestamp(text(item.created)),
        description: text(item.description),
        tags: distinctTags(list(item.tags).filter((tag) => typeof tag === 'string')),
      })),
    ),
};
