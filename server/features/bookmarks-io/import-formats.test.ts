import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/corpus.ts';
import { importInput } from './import-format.ts';
import { detectImportFormat } from './import-formats.ts';

const otherImports = `${CORPUS_DIR}/other-imports`;

describe('detectImportFormat', () => {
  it.each([
    ['wallabag/pocket-ril_export.html', 'pocket-html'],
    ['wallabag/pocket.csv', 'pocket-csv'],
    ['shiori/pocket-new.csv', 'pocket-csv'],
    ['shiori/pocket-old.csv', 'pocket-csv'],
    ['wallabag/instapaper-export.csv', 'instapaper-csv'],
    ['wallabag/pinboard_export.json', 'pinboard-json'],
    ['wallabag/delicious_export.json', 'delicious-json'],
    ['wallabag/chrome-bookmarks.json', 'chrome-json'],
    ['wallabag/firefox-bookmarks.json', 'firefox-json'],
    ['karakeep/linkwarden-export.json', 'linkwarden-json'],
  ])('knows %s as %s by its content', (path, format) => {
    const bytes = readFileSync(`${otherImports}/${path}`);
    expect(detectImportFormat(importInput(bytes))?.id).toBe(format);
    // The name plays no part: the same bytes under another name are the same format.
    expect(detectImportFormat(importInput(Buffer.from(bytes)))?.id).toBe(format);
  });

  it('covers every file of the other-imports corpus', () => {
    const files = readdirSync(otherImports, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    expect(files).toHaveLength(10);
  });

  it('reads anything that is not JSON as a Netscape file, and knows no unknown JSON', () => {
    const detect = (text: string) => detectImportFormat(importInput(Buffer.from(text)))?.id;
    expect(detect('<DL><DT><A HREF="https://a.example/">a</A></DL>')).toBe('netscape');
    expect(detect('just some text')).toBe('netscape');
    expect(detect('{"broken": ')).toBe('netscape');
    expect(detect('[{"name": "x", "href": "https://a.example/"}]')).toBeUndefined();
    expect(detect('{"roots": 1}')).toBeUndefined();
    expect(detect('\uFEFF[{"url": "https://a.example/", "title": "a"}]')).toBe('delicious-json');
  });
});
