import { describe, expect, it } from 'vitest';
import { importInput } from '../import-format.ts';
import { detectImportFormat } from '../import-formats.ts';

/*
 * A folder of 125,000 bookmarks in a JSON export: more items than a function call takes as spread
 * arguments (`push(...items)` throws a RangeError), so reading it must handle it. Planning and the
 * batched database writes take items one at a time and are covered by the import API tests.
 */

const HUGE_FOLDER = 125_000;

function links(count: number) {
  return Array.from({ length: count }, (_, index) => `https://example.com/${index}`);
}

const files: [string, () => unknown][] = [
  [
    'chrome-json',
    () => ({
      roots: {
        bookmark_bar: {
          type: 'folder',
          name: 'Bar',
          children: links(HUGE_FOLDER).map((url) => ({ type: 'url', name: url, url })),
        },
      },
    }),
  ],
  [
    'firefox-json',
    () => ({
      type: 'text/x-moz-place-container',
      children: [
        {
          type: 'text/x-moz-place-container',
          title: 'Menu',
          children: links(HUGE_FOLDER).map((uri) => ({
            type: 'text/x-moz-place',
            title: uri,
            uri,
          })),
        },
      ],
    }),
  ],
  [
    'linkwarden-json',
    () => ({
      collections: [
        { id: 1, name: 'All', links: links(HUGE_FOLDER).map((url) => ({ name: url, url })) },
      ],
    }),
  ],
];

describe(`a folder of ${HUGE_FOLDER} bookmarks`, () => {
  it.each(files)('reads whole from %s', (format, file) => {
    const input = importInput(Buffer.from(JSON.stringify(file())));
    const detected = detectImportFormat(input);
    expect(detected?.id).toBe(format);
    const reader = detected!.open(input);
    while (!reader.read(256 * 1024));
    expect(reader.entries).toBe(HUGE_FOLDER);
    const [folder] = reader.finish().roots;
    expect(folder?.kind === 'folder' && folder.children.length).toBe(HUGE_FOLDER);
  });
});
