import { Parser } from 'htmlparser2';
import { readAtOnce, type ImportFormat } from '../import-format.ts';
import { parseTags, parseTimestamp } from '../netscape-reader.ts';
import { createTree, oneLine } from './entries.ts';

/**
 * Pocket's old HTML export (`ril_export.html`): lists of `<a href time_added tags>` under the
 * headings "Unread" and "Read Archive". Every link is imported with its tags and date; the read
 * state is not kept (Nestmark has none).
 */
export const pocketHtmlFormat: ImportFormat = {
  id: 'pocket-html',
  detect: (input) => /<title>\s*Pocket Export\s*<\/title>/i.test(input.head()),
  open: (input) => readAtOnce(() => readPocketHtml(input.text())),
};

function readPocketHtml(html: string) {
  const tree = createTree();
  let anchor: { attributes: Record<string, string>; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a') anchor = { attributes, text: '' };
      },
      ontext(data) {
        if (anchor) anchor.text += data;
      },
      onclosetag(name) {
        if (name !== 'a' || !anchor) return;
        tree.add({
          title: oneLine(anchor.text),
          href: anchor.attributes.href,
          addDate: parseTimestamp(anchor.attributes.time_added),
          tags: parseTags(anchor.attributes.tags),
        });
        anchor = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return tree.file();
}
