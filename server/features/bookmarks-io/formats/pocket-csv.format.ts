import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { distinctTags, parseTimestamp } from '../netscape-reader.ts';
import { csvHeaderHas, readCsvTable } from './csv.ts';
import { createTree, oneLine } from './entries.ts';

const COLUMNS = ['title', 'url', 'time_added', 'tags'];

/**
 * Pocket's CSV export (`title,url,time_added,tags,status`, older ones with a `cursor` column):
 * tags separated by `|`, `time_added` in Unix seconds. The read state (`status`) is not kept.
 */
export const pocketCsvFormat: ImportFormat = {
  id: 'pocket-csv',
  detect: (input) => csvHeaderHas(input.head(), COLUMNS),
  open: (input) =>
    readAtOnce(() => {
      const tree = createTree();
      for (const row of readCsvTable(input.text(), COLUMNS) ?? []) {
        tree.add({
          title: oneLine(row.title),
          href: row.url,
          addDate: parseTimestamp(row.time_added),
          tags: distinctTags((row.tags ?? '').split('|')),
        });
      }
      return tree.file();
    }),
};
