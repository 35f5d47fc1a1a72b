import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { distinctTags } from '../netscape-reader.ts';
import { isListOf, isoDate, oneLine, readList, text } from './entries.ts';

/**
 * Pinboard's JSON export: a list of `{ href, description (the title), extended (the
 * description), time (ISO 8601), tags (separated by spaces) }`. Told apart from other lists of
 * links by its `href` together with `time` and `extended`.
 */
export const pinboardJsonFormat: ImportFormat = {
  id: 'pinboard-json',
  detect: (input) =>
    isListOf(
      input.json(),
      (item) => text(item.href) !== undefined && 'time' in item && 'extended' in item,
    ),
  open: (input) =>
    readAtOnce(() =>
      readList(input.json(), (item) => ({
        title: oneLine(text(item.description)),
        href: text(item.href),
        addDate: isoDate(item.time),
        description: text(item.extended),
        tags: distinctTags((text(item.tags) ?? '').split(/\s+/)),
      })),
    ),
};
