import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/corpus.ts';
import {
  readBookmarkFile,
  type Bookmark,
  type BookmarkFolder,
  type BookmarkNode,
} from './netscape-reader.ts';
import { writeBookmarkFile } from './netscape-writer.ts';

/** The test corpus (read-only); see its SOURCES.md. */
const CORPUS = `${CORPUS_DIR}/bookmarks`;

const readBack = (html: string) => readBookmarkFile(Buffer.from(html, 'utf8'));

function bookmark(fields: Partial<Bookmark> & Pick<Bookmark, 'title' | 'url'>): Bookmark {
  return {
    kind: 'bookmark',
    addDate: null,
    lastModified: null,
    description: null,
    tags: [],
    ...fields,
  };
}

function folder(
  title: string,
  children: BookmarkNode[],
  fields: Partial<BookmarkFolder> = {},
): BookmarkFolder {
  return {
    kind: 'folder',
    title,
    addDate: null,
    lastModified: null,
    description: null,
    children,
    ...fields,
  };
}

/** What an export must preserve, with dates cut to whole seconds (the file's unit). */
type Comparable =
  | {
      folder: string;
      description: string | null;
      added: number | null;
      modified: number | null;
      children: Comparable[];
    }
  | {
      url: string;
      title: string;
      tags: string[];
      description: string | null;
      added: number | null;
      modified: number | null;
    };

const seconds = (milliseconds: number | null): number | null =>
  milliseconds === null ? null : Math.floor(milliseconds / 1000);

function comparable(nodes: BookmarkNode[]): Comparable[] {
  return nodes.map((node) =>
    node.kind === 'folder'
      ? {
          folder: node.title,
          description: node.description,
          added: seconds(node.addDate),
          modified: seconds(node.lastModified),
          children: comparable(node.children),
        }
      : {
          url: node.kind === 'note' ? node.href : node.url,
          title: node.title,
          tags: node.tags,
          description: node.description,
          added: seconds(node.addDate),
          modified: seconds(node.lastModified),
        },
  );
}

describe('writeBookmarkFile', () => {
  it('writes the standard Netscape layout, indented by depth', () => {
    const roots = [
      folder(
        'Toolbar',
        [
          bookmark({
            title: 'Example',
            url: 'https://example.com/',
            addDate: 1616337559_000,
            lastModified: 1616337560_999,
            tags: ['a', 'b'],
            description: 'first line\nsecond line',
          }),
          folder('Empty', []),
        ],
        { addDate: 1295938143_000, description: 'Folder note' },
      ),
      bookmark({ title: 'Plain', url: 'http://plain.example/' }),
    ];
    expect(writeBookmarkFile(roots)).toBe(
      [
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
        '<!-- This is an automatically generated file.',
        '     It will be read and overwritten.',
        '     DO NOT EDIT! -->',
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
        '<TITLE>Bookmarks</TITLE>',
        '<H1>Bookmarks</H1>',
        '<DL><p>',
        '    <DT><H3 ADD_DATE="1295938143">Toolbar</H3>',
        '    <DD>Folder note',
        '    <DL><p>',
        '        <DT><A HREF="https://example.com/" ADD_DATE="1616337559" LAST_MODIFIED="1616337560" TAGS="a,b">Example</A>',
        '        <DD>first line\nsecond line',
        '        <DT><H3>Empty</H3>',
        '        <DL><p>',
        '        </DL><p>',
        '    </DL><p>',
        '    <DT><A HREF="http://plain.example/">Plain</A>',
        '</DL><p>',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty list and a custom title', () => {
    const html = writeBookmarkFile([], { title: 'Nestmark & co' });
    expect(html).toContain('<TITLE>Nestmark &amp; co</TITLE>\n<H1>Nestmark &amp; co</H1>\n');
    expect(html.endsWith('<DL><p>\n</DL><p>\n')).toBe(true);
    expect(readBack(html)).toEqual({ encoding: 'UTF-8', roots: [], skipped: [] });
  });

  it('escapes hostile titles, URLs, tags and descriptions so they read back unchanged', () => {
    const hostile = [
      folder('</H3><DL><DT><A HREF="https://evil.example/">folder & co', [
        bookmark({
          title: '<script>alert("x")</script> Tom & Jerry &amp;',
          url: 'https://example.com/?a=1&b="2"&c=<3>',
          tags: ['a&b', 'c"d', '<e>', '&amp;'],
          description: 'line 1\n<DT><A HREF="javascript:alert(1)">x</A>\n</DL>\n&lt; stays literal',
        }),
      ]),
    ];
    const html = writeBookmarkFile(hostile);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"2"');
    expect(html).toContain(
      '<A HREF="https://example.com/?a=1&amp;b=&quot;2&quot;&amp;c=&lt;3&gt;" TAGS="a&amp;b,c&quot;d,&lt;e&gt;,&amp;amp;">&lt;script&gt;alert("x")&lt;/script&gt; Tom &amp; Jerry &amp;amp;</A>',
    );
    expect(html).toContain(
      '<DD>line 1\n&lt;DT&gt;&lt;A HREF="javascript:alert(1)"&gt;x&lt;/A&gt;\n',
    );
    // Exactly one folder and one bookmark come back, with every character intact.
    const file = readBack(html);
    expect(file.skipped).toEqual([]);
    expect(comparable(file.roots)).toEqual(comparable(hostile));
  });

  it('keeps titles on one line and line breaks in attributes as references', () => {
    const roots = [
      bookmark({ title: 'two\nlines', url: 'https://example.com/', tags: ['multi\nline', 'x'] }),
    ];
    const html = writeBookmarkFile(roots);
    expect(html).toContain('TAGS="multi&#10;line,x">two lines</A>\n');
    expect(allTitles(readBack(html).roots)).toEqual(['two lines']);
  });

  it('keeps a single tag that contains a space as one tag', () => {
    const roots = [bookmark({ title: 'One', url: 'https://example.com/', tags: ['php dev'] })];
    const html = writeBookmarkFile(roots);
    // Without the trailing comma, a reader splits a comma-free TAGS on spaces (Delicious).
    expect(html).toContain('TAGS="php dev,"');
    expect(comparable(readBack(html).roots)).toEqual(comparable(roots));
  });

  it('writes and reads back a folder nested 60 levels deep', () => {
    let tree: BookmarkNode[] = [bookmark({ title: 'deep', url: 'https://deep.example/' })];
    for (let level = 60; level >= 1; level -= 1) tree = [folder(`level ${level}`, tree)];
    const html = writeBookmarkFile(tree);
    // 60 folders + the root list, each closed once.
    expect(html.split('</DL><p>')).toHaveLength(62);
    expect(html).toContain(`${'    '.repeat(61)}<DT><A HREF="https://deep.example/">deep</A>`);
    expect(comparable(readBack(html).roots)).toEqual(comparable(tree));
  });
});

function allTitles(nodes: BookmarkNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'folder' ? [node.title, ...allTitles(node.children)] : [node.title],
  );
}

describe('writeBookmarkFile round trip through readBookmarkFile', () => {
  // Files with nesting, descriptions, tags, ms/µs dates, a non-UTF-8 charset and a large flat list.
  const files = [
    'markio/nested_bookmarks.html',
    'markio/many_bookmarks.html',
    'shaarli-netscape-bookmark-parser/internet_explorer_11_nested.htm',
    'shaarli-netscape-bookmark-parser/google_bookmarks_nested.htm',
    'shaarli-netscape-bookmark-parser/delicious.htm',
    'shaarli-netscape-bookmark-parser/delicious_sanitize.htm',
    'shaarli-netscape-bookmark-parser/netscape_multiline.htm',
    'shaarli-netscape-bookmark-parser/netscape_nested.htm',
    'shaarli-netscape-bookmark-parser/safari_folded.htm',
    'shaarli-netscape-bookmark-parser/firefox_nested.htm',
    'chromium-bookmark-html-reader/empty_folder.html',
    'firefox-places-tests/bookmarks.preplaces.html',
    'linkace/import_example.html',
    'linkding/simple_valid_import_file.html',
    'perl-netscape-bookmarks/Bookmarks.html',
    'perl-netscape-bookmarks/Favorites.html',
    'perl-netscape-bookmarks/mozilla.html',
    'netscape-go/flat10000.htm',
  ];

  it.each(files)('keeps folders, urls, titles, tags, descriptions and dates of %s', (path) => {
    const original = readBookmarkFile(readFileSync(`${CORPUS}/${path}`));
    const again = readBack(writeBookmarkFile(original.roots));
    expect(again.encoding).toBe('UTF-8');
    expect(again.skipped).toEqual([]);
    expect(comparable(again.roots)).toEqual(comparable(original.roots));
  });
});
