import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/corpus.ts';
import {
  countBookmarkFile,
  openBookmarkFile,
  parseTags,
  parseTimestamp,
  readBookmarkFile,
  type Bookmark,
  type BookmarkFile,
  type BookmarkFolder,
  type BookmarkNode,
} from './netscape-reader.ts';

/**
 * The test corpus (read-only). Expected values quote SOURCES.md beside it, or a count of the
 * file made another way (the grep command is given); `grep -oi '<A '` counts anchors, not lines.
 */
const CORPUS = `${CORPUS_DIR}/bookmarks`;

const corpusBytes = (path: string): Buffer => readFileSync(`${CORPUS}/${path}`);
const readCorpus = (path: string): BookmarkFile => readBookmarkFile(corpusBytes(path));
const readText = (html: string): BookmarkFile => readBookmarkFile(Buffer.from(html, 'utf8'));

/** Every bookmark of a tree in file order, each with the titles of the folders above it. */
function allBookmarks(
  nodes: BookmarkNode[],
  path: string[] = [],
): (Bookmark & { path: string[] })[] {
  return nodes.flatMap((node) =>
    node.kind === 'folder'
      ? allBookmarks(node.children, [...path, node.title])
      : node.kind === 'bookmark'
        ? [{ ...node, path }]
        : [],
  );
}

function allFolders(nodes: BookmarkNode[]): BookmarkFolder[] {
  return nodes.flatMap((node) =>
    node.kind === 'folder' ? [node, ...allFolders(node.children)] : [],
  );
}

/** The tree as folder titles (`{ title: children }`) and bookmark titles, for structure checks. */
type Outline = string | { [folder: string]: Outline[] };
function outline(nodes: BookmarkNode[]): Outline[] {
  return nodes.map((node) =>
    node.kind === 'folder' ? { [node.title]: outline(node.children) } : node.title,
  );
}

describe('readBookmarkFile on browser exports', () => {
  it('reads a nested Firefox export and skips its place: queries (markio/nested_bookmarks.html)', () => {
    const file = readCorpus('markio/nested_bookmarks.html');
    // SOURCES.md: "10; first has 0 folders, last 2" and "3 `place:` queries";
    // `grep -o 'HREF="place:' | wc -l` = 3, so 10 - 3 = 7 bookmarks.
    expect(file.skipped).toHaveLength(3);
    expect(file.skipped.every((entry) => entry.reason === 'unsupported-scheme')).toBe(true);
    expect(file.skipped.map((entry) => entry.title)).toEqual([
      'Recently Bookmarked',
      'Recent Tags',
      'Most Visited',
    ]);
    // `grep -oi '<H3' | wc -l` = 4 folders.
    expect(countBookmarkFile(file)).toEqual({ folders: 4, bookmarks: 7, tags: 0 });
    expect(outline(file.roots)).toEqual([
      {
        'Bookmarks Toolbar': [
          'Getting Started',
          { 'Nest 1': ['Google', { 'Nest 2': ['Yahoo!'] }] },
          {
            'Mozilla Firefox': [
              'Help and Tutorials',
              'Customize Firefox',
              'Get Involved',
              'About Us',
            ],
          },
        ],
      },
    ]);
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.at(-1)?.path).toEqual(['Bookmarks Toolbar', 'Mozilla Firefox']);
    // Folder <DD>s are folder descriptions.
    const [toolbar] = allFolders(file.roots);
    expect(toolbar?.description).toBe(
      'Add bookmarks to this folder to see them displayed on the Bookmarks Toolbar',
    );
    expect(allFolders(file.roots).find((folder) => folder.title === 'Nest 1')?.description).toBe(
      'Test nest 1',
    );
    // `&#39;` in the Yahoo! <DD> is decoded.
    const yahoo = bookmarks.find((bookmark) => bookmark.title === 'Yahoo!');
    expect(yahoo?.url).toBe('http://www.yahoo.com/');
    expect(yahoo?.description).toMatch(/^Welcome to Yahoo!, the world's most visited home page\./);
    expect(yahoo?.addDate).toBe(1350926033 * 1000);
  });

  it('reads a CRLF Chrome export and skips its javascript: bookmarklets (markio/many_bookmarks.html)', () => {
    const bytes = corpusBytes('markio/many_bookmarks.html');
    // The file really is CRLF: `grep -c $'\r$'` = 26 = `wc -l`.
    expect(bytes.includes('\r\n')).toBe(true);
    const file = readBookmarkFile(bytes);
    // SOURCES.md: "11; first in ["Bookmarks Bar"], last 2 folders deep" with "4 `javascript:`
    // bookmarklets" (`grep -o 'HREF="javascript:' | wc -l` = 4): 11 - 4 = 7.
    expect(file.skipped.map((entry) => entry.reason)).toEqual(Array(4).fill('unsupported-scheme'));
    expect(file.skipped.every((entry) => entry.href?.startsWith('javascript:'))).toBe(true);
    // `grep -oi '<H3' | wc -l` = 2 folders.
    expect(countBookmarkFile(file)).toEqual({ folders: 2, bookmarks: 7, tags: 0 });
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks[0]?.path).toEqual(['Bookmarks Bar']);
    expect(bookmarks.at(-1)?.path).toEqual(['Bookmarks Bar', 'MD']);
    // No carriage return survives into titles.
    expect(bookmarks.some((bookmark) => bookmark.title.includes('\r'))).toBe(false);
    expect(bookmarks[1]?.title).toBe('Index of Classes & Methods in Ruby 1.9.3 (Ruby 1.9.3)');
  });

  it('reads an IE11 export with a UTF-8 BOM (internet_explorer_11_nested.htm)', () => {
    const bytes = corpusBytes('shaarli-netscape-bookmark-parser/internet_explorer_11_nested.htm');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const file = readBookmarkFile(bytes);
    expect(file.encoding).toBe('UTF-8');
    // SOURCES.md: "27" bookmarks, "9 folders".
    expect(countBookmarkFile(file)).toEqual({ folders: 9, bookmarks: 27, tags: 0 });
    expect(file.roots[0]).toMatchObject({ kind: 'folder', title: 'Comics' });
    // SOURCES.md tags `['microsoft','websites']` and `['windows','live']` are the shaarli
    // folder-as-tag paths: folders "Microsoft Websites" and "Windows Live".
    const paths = allBookmarks(file.roots).map((bookmark) => bookmark.path.join('/'));
    expect(paths).toContain('Microsoft Websites');
    expect(paths).toContain('Windows Live');
    expect(paths).toContain('Dev/Python');
    // The empty "Links" folder is kept.
    expect(allFolders(file.roots).find((folder) => folder.title === 'Links')?.children).toEqual([]);
  });

  it('keeps the BOM out of the first title of a flat IE11 export', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/internet_explorer_11_flat.htm');
    // SOURCES.md: "18".
    expect(countBookmarkFile(file).bookmarks).toBe(18);
    expect(allBookmarks(file.roots).some((bookmark) => bookmark.title.includes('\uFEFF'))).toBe(
      false,
    );
  });

  it('reads microsecond dates of Google Bookmarks (google_bookmarks_nested.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/google_bookmarks_nested.htm');
    // SOURCES.md: "6, all tagged `['unlabeled']`" (the folder "Unlabeled" as a tag).
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks).toHaveLength(6);
    expect(bookmarks.every((bookmark) => bookmark.path.join('/') === 'Unlabeled')).toBe(true);
    // ADD_DATE="1515515697780642" µs = 1515515697780 ms.
    expect(bookmarks[0]?.addDate).toBe(Date.parse('2018-01-09T16:34:57.780Z'));
    expect(bookmarks[0]?.addDate).toBe(1515515697780);
    expect(file.roots[0]?.addDate).toBe(1523996194943);
  });

  it('reads a Safari export with no top-level <DL> and keeps its empty folder (safari_folded.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/safari_folded.htm');
    // SOURCES.md: "3"; "**empty folder** "Menu Signets""; tags from folder paths
    // `['github','shaarli']`, `['autre','divers','doc']`.
    expect(outline(file.roots)).toEqual([
      { Favoris: ['GitHub'] },
      { 'Menu Signets': [] },
      {
        'Github - Shaarli': [
          'GitHub - shaarli/Shaarli: The personal, minimalist, super-fast, database free, bookmarking service - community repo',
        ],
      },
      { 'Autre Divers': [{ doc: ['Wikipedia, the free encyclopedia'] }] },
    ]);
  });

  it('reads the netscape-go Safari variant (netscape-go/safari_folded.htm)', () => {
    const file = readCorpus('netscape-go/safari_folded.htm');
    // SOURCES.md: "tree: Favoris[GitHub], Menu Signets[], GitHub - Go[golang/go], Misc/Wiki[Wikipedia]".
    expect(outline(file.roots)).toEqual([
      { Favoris: ['GitHub'] },
      { 'Menu Signets': [] },
      { 'GitHub - Go': ['golang/go: The Go programming language'] },
      { Misc: [{ Wiki: ['Wikipedia, the free encyclopedia'] }] },
    ]);
  });

  it('reads legacy Shaarli with no <DL> at all (shaarli_legacy.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/shaarli_legacy.htm');
    // SOURCES.md: "2".
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.title)).toEqual([
      'A Pen by Rodrigo Muniz.',
      'URL Rewriting for Beginners - Web Development in Brighton - Added Bytes',
    ]);
    expect(bookmarks[0]?.description).toBe('simple on/off button');
    expect(bookmarks.map((bookmark) => bookmark.tags)).toEqual([['css'], ['apache']]);
  });

  it('reads <H3> before any <DL> (firefox bookmarks_html_singleframe.html)', () => {
    const file = readCorpus('firefox-places-tests/bookmarks_html_singleframe.html');
    // SOURCES.md: "menu has 1 folder "Subtitle" containing "Mozilla" http://www.mozilla.org/".
    expect(outline(file.roots)).toEqual([{ Subtitle: ['Mozilla'] }]);
    expect(allBookmarks(file.roots)[0]?.url).toBe('http://www.mozilla.org/');
  });

  it('reads empty folder names and a zero date (chromium empty_folder.html)', () => {
    const file = readCorpus('chromium-bookmark-html-reader/empty_folder.html');
    // SOURCES.md: "[0] a folder titled "" under "Empty's Parent", created 1295938143;
    // [1] "[Tamura Yukari.com]" with path [""]; [2] "Google" under "Not Empty But Default",
    // created 0" (a zero date is no date here).
    expect(outline(file.roots)).toEqual([
      { "Empty's Parent": [{ '': [] }] },
      { '': ['[Tamura Yukari.com]'] },
      { 'Not Empty But Default': ['Google'] },
    ]);
    const unnamedChild = allFolders(file.roots)[1];
    expect(unnamedChild?.addDate).toBe(1295938143 * 1000);
    const google = allBookmarks(file.roots).find((bookmark) => bookmark.title === 'Google');
    expect(google?.addDate).toBeNull();
    expect(google?.lastModified).toBeNull();
  });

  it('reads <DT>, <H3> and <A> on separate lines, HREF last (chromium redditsaver.html)', () => {
    const file = readCorpus('chromium-bookmark-html-reader/redditsaver.html');
    // SOURCES.md: "2: "Google", "YouTube"".
    expect(outline(file.roots)).toEqual([{ 'Reddit Bookmarks': ['Google', 'YouTube'] }]);
    expect(allBookmarks(file.roots).map((bookmark) => bookmark.url)).toEqual([
      'http://www.google.com',
      'http://www.youtube.com',
    ]);
  });

  it('reads the pre-Places Firefox export, a live bookmark without HREF leading to its feed', () => {
    const file = readCorpus('firefox-places-tests/bookmarks.preplaces.html');
    // SOURCES.md: menu [Mozilla Firefox{4}, separator, test{"test post keyword"}]; toolbar
    // [Getting Started, Latest Headlines, Latest Headlines No Site]; unfiled [Example.tld].
    // "Latest Headlines No Site" is "an `<A>` with no HREF", a live bookmark with only a FEEDURL.
    expect(outline(file.roots)).toEqual([
      {
        'Mozilla Firefox': ['Help and Tutorials', 'Customize Firefox', 'Get Involved', 'About Us'],
      },
      { test: ['test post keyword'] },
      { 'Unsorted Bookmarks': ['Example.tld'] },
      {
        'Bookmarks Toolbar Folder': [
          'Getting Started',
          'Latest Headlines',
          'Latest Headlines No Site',
        ],
      },
    ]);
    expect(file.skipped).toEqual([]);
    expect(
      allBookmarks(file.roots).find((bookmark) => bookmark.title === 'Latest Headlines No Site')
        ?.url,
    ).toBe('http://en-US.fxfeeds.mozilla.com/en-US/firefox/headlines.xml');
    const test = allFolders(file.roots).find((folder) => folder.title === 'test');
    expect(test?.description).toBe('folder test comment');
    expect(test?.addDate).toBe(1177541020 * 1000);
    // The `</DL>` missing its `<p>` after "test" does not swallow "Unsorted Bookmarks".
    expect(
      allBookmarks(file.roots).find((bookmark) => bookmark.title === 'test post keyword'),
    ).toMatchObject({ url: 'http://test/post', description: 'item description', path: ['test'] });
  });

  it('drops b0rked entries of the corrupt Firefox export and reads on (bookmarks.corrupt.html)', () => {
    const file = readCorpus('firefox-places-tests/bookmarks.corrupt.html');
    // SOURCES.md: "import must not stop; the bad entries are dropped". `grep -oi '<A '` = 10
    // anchors, one with `HREF="b0rked"`; the `ICON="b0rked"` one keeps its valid HREF.
    expect(file.skipped).toEqual([{ title: 'About Us', href: 'b0rked', reason: 'invalid-url' }]);
    expect(countBookmarkFile(file).bookmarks).toBe(9);
    const toolbar = allFolders(file.roots).find(
      (folder) => folder.title === 'Bookmarks Toolbar Folder',
    );
    expect(toolbar && outline(toolbar.children)).toEqual([
      'Getting Started',
      'Latest Headlines',
      'Getting Started',
    ]);
    expect(allBookmarks(file.roots).at(-1)).toMatchObject({
      url: 'http://bogus-icon.mozilla.com/',
      description: 'Livemark test comment',
    });
  });

  it('reads a Mozilla 1.x export and skips its file: and ftp: links (perl mozilla.html)', () => {
    const file = readCorpus('perl-netscape-bookmarks/mozilla.html');
    // SOURCES.md: "219 links / 33 folders". `grep -o 'HREF="file:' | wc -l` = 5 and
    // `grep -o 'HREF="ftp:' | wc -l` = 4, every other HREF is http(s): 219 - 9 = 210.
    expect(countBookmarkFile(file)).toEqual({ folders: 33, bookmarks: 210, tags: 0 });
    expect(file.skipped).toHaveLength(9);
    expect(file.skipped.every((entry) => entry.reason === 'unsupported-scheme')).toBe(true);
    expect(file.skipped.filter((entry) => entry.href?.startsWith('file:'))).toHaveLength(5);
  });

  it('ignores the stray <DD> before the root <DL> of a Netscape export (perl Bookmarks.html)', () => {
    const file = readCorpus('perl-netscape-bookmarks/Bookmarks.html');
    // Counted by hand: folders Public radio{2}, Hardware{1}, two loose links, Diving{2}, Perl{3}.
    expect(outline(file.roots)).toEqual([
      { 'Public radio': ['From WBEZ in Chicago | This American Life', 'NPR Online'] },
      { Hardware: ['Cisco Connection Online by Cisco Systems, Inc.'] },
      "O'Reilly & Associates",
      "Amazon.com--Earth's Biggest Selection",
      { Diving: ['Global Underwater Explorers', 'Halcyon'] },
      { Perl: ["O'Reilly & Associates", 'Perl Mongers', 'Welcome to Stonehenge!'] },
    ]);
    const [radio, hardware] = allFolders(file.roots);
    // A multi-paragraph folder <DD> keeps its blank line; an empty one is no description.
    expect(radio?.description).toMatch(/universities\.\n\nIn 1967, Congress/);
    expect(hardware?.description).toBeNull();
  });

  it('decodes an x-mac-roman file that is not valid UTF-8 (perl Favorites.html)', () => {
    const file = readCorpus('perl-netscape-bookmarks/Favorites.html');
    expect(file.encoding).toBe('macintosh');
    // Byte 0x8A (`grep -c $'\x8a'` finds it in 20 lines) is "ä" in Mac OS Roman (in windows-1252 it
    // would be "Š"); line 45 of the file ends its title "Checking," + 0x8A.
    const firstIb = allBookmarks(file.roots).find(
      (bookmark) => bookmark.url === 'http://www.firstib.com/',
    );
    expect(firstIb?.title).toBe('First Internet Bank - Online Banking, Checking,ä');
    // `grep -oi '<A '` = 149 anchors; `HREF="file:` 4 and `HREF="ftp:` 4: 149 - 8 = 141.
    expect(countBookmarkFile(file).bookmarks).toBe(141);
    expect(file.skipped).toHaveLength(8);
  });

  it('falls back to windows-1252 for an unknown charset label (perl iCab.Hotlist.html)', () => {
    const file = readCorpus('perl-netscape-bookmarks/iCab.Hotlist.html');
    // X-MAC-SYSTEM is no WHATWG label, and the bytes are not valid UTF-8.
    expect(file.encoding).toBe('windows-1252');
    // SOURCES.md: "151 links"; `grep -oi 'HREF="\(file\|ftp\):'` finds 8 of them: 151 - 8 = 143.
    expect(countBookmarkFile(file).bookmarks).toBe(143);
    expect(file.skipped).toHaveLength(8);
  });

  it('ignores a <script> after the last </DL> (wallabag shaarli-bookmarks.html)', () => {
    const file = readCorpus('wallabag/shaarli-bookmarks.html');
    // SOURCES.md: "ShaarliImportTest: 2 imported".
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.title)).toEqual([
      'The Legacy of Firefox OS. In the two years or so since Mozilla… | by Ben Francis | Medium',
      'JO Paris 2024 : Où courir dans la capitale maintenant que les quais sont fermés ?',
    ]);
    expect(bookmarks[1]?.description).toBeNull();
    expect(JSON.stringify(file)).not.toContain('cloudflare');
  });

  it('reads 10,000 links (netscape-go flat10000.htm)', () => {
    const file = readCorpus('netscape-go/flat10000.htm');
    // SOURCES.md: "10,000 links", "6,696 `<DD>`", "TAGS on every link"; no <H3> (`grep -oi '<H3'`).
    expect(countBookmarkFile(file)).toMatchObject({ folders: 0, bookmarks: 10000 });
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.filter((bookmark) => bookmark.description !== null)).toHaveLength(6696);
    // `grep -o 'TAGS=""' | wc -l` = 1645 links have an empty TAGS: 10000 - 1645 = 8355 have tags.
    expect(bookmarks.filter((bookmark) => bookmark.tags.length > 0)).toHaveLength(8355);
    expect(file.skipped).toEqual([]);
  });
});

describe('readBookmarkFile on titles, descriptions and tags', () => {
  it('joins titles wrapped across lines (linkace import_example.html)', () => {
    const file = readCorpus('linkace/import_example.html');
    // SOURCES.md: "5 links, 18 tags (tags are case-sensitive: `Github`)".
    expect(countBookmarkFile(file)).toEqual({ folders: 0, bookmarks: 5, tags: 18 });
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.title)).toEqual([
      '5-Hour Rule: If you’re not spending 5 hours per week learning, you’re being irresponsible',
      'Adele – Design Systems and Pattern Libraries Repository',
      'Adobe Color CC',
      'Application Load Testing Tools for API Endpoints with loader.io',
      'Astral — Organize Your GitHub Stars With Ease',
    ]);
    expect(bookmarks[4]?.tags).toEqual(['favourites', 'Github', 'organization']);
    // `&amp;#39;` is decoded once, as written; descriptions keep their line breaks.
    expect(bookmarks[3]?.description).toBe(
      'Free tool for web application load testing that allows for the simulation of concurrent connections to your web\n      application&#39;s APIs',
    );
  });

  it('splits comma TAGS on commas (delicious.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/delicious.htm');
    // SOURCES.md: "5; … bkm[4] tags `['@font-face','os','typography']`; %-encoded URLs kept".
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks).toHaveLength(5);
    expect(bookmarks[4]?.tags).toEqual(['@font-face', 'os', 'typography']);
    expect(bookmarks[1]?.url).toBe(
      'https://msdn.microsoft.com/en-us/library/aa753582%28v=vs.85%29.aspx',
    );
    expect(bookmarks[3]?.description).toBe('"Hello!"');
  });

  it('splits comma-free TAGS on spaces and reads an Apache-log date (netscape_basic.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/netscape_basic.htm');
    // SOURCES.md: "2; time 971175336; tags `['private','secret']`" (ADD_DATE="10/Oct/2000:13:55:36 +0300").
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.tags)).toEqual([
      ['private', 'secret'],
      ['public', 'hello', 'world'],
    ]);
    expect(bookmarks[0]?.addDate).toBe(971175336 * 1000);
    expect(bookmarks[1]?.addDate).toBe(1456433748 * 1000);
  });

  it('keeps spaces inside comma-separated tags (shaarli_with_whitespace_tags.htm)', () => {
    const path = 'shaarli-netscape-bookmark-parser/shaarli_with_whitespace_tags.htm';
    const html = corpusBytes(path).toString('utf8');
    // The HREF is Shaarli's link to one of its notes: the entry is a note, and SOURCES.md's
    // expectations hold for it: tags `['dev','php dev','php 7.x']`; note ==
    // shaarli_with_whitespace_tags.expected-note.txt.
    const file = readText(html);
    expect(file.skipped).toEqual([]);
    const [note] = file.roots;
    expect(note).toMatchObject({
      kind: 'note',
      title: 'Note: Code tests',
      href: '?KvNdlQ',
      tags: ['dev', 'php dev', 'php 7.x'],
    });
    const expectedNote = readFileSync(
      `${CORPUS}/shaarli-netscape-bookmark-parser/shaarli_with_whitespace_tags.expected-note.txt`,
      'utf8',
    );
    expect(note?.description).toBe(expectedNote.trim());
  });

  it('keeps the words of a <DD> holding markup (delicious_sanitize.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/delicious_sanitize.htm');
    // SOURCES.md: "2; … tags `['spip3','astuces']`".
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks).toHaveLength(2);
    expect(bookmarks[0]?.tags).toEqual(['spip3', 'astuces']);
    expect(bookmarks[0]?.description).toBe('Text\n#CLE ---> #VALEUR');
    expect(bookmarks[1]?.tags).toEqual(['culture', 'propriété_intellectuelle', 'ChangerLeMonde']);
  });

  it('treats an <a> inside a <DD> as description, not a bookmark (netscape_extended.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/netscape_extended.htm');
    // SOURCES.md: "1; tags `['story','oceans']`" although the <DD> is followed by an <a><img>.
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks).toHaveLength(1);
    expect(bookmarks[0]?.tags).toEqual(['story', 'oceans']);
    expect(bookmarks[0]?.description).toMatch(/finally netted the one that got away\.$/);
  });

  it('keeps newlines and indentation of multi-line descriptions (netscape_multiline.htm)', () => {
    const file = readCorpus('shaarli-netscape-bookmark-parser/netscape_multiline.htm');
    // SOURCES.md: "3; notes keep newlines and indentation".
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.description)).toEqual([
      'List:\n- item1\n- item2\n- item3',
      'Nested lists:\n- list1\n  - item1.1\n  - item1.2\n  - item1.3\n- list2\n  - item2.1',
      'List:\n- item1\n- item2\n\nParagraph number one.\n\nParagraph\nnumber\ntwo.',
    ]);
  });

  it('turns CRLF and CR line breaks of a description into LF', () => {
    const file = readText(
      '<DL><p>\r\n<DT><A HREF="https://example.com/">x</A>\r\n<DD>one\r\ntwo\rthree\r\n</DL>',
    );
    expect(allBookmarks(file.roots)[0]?.description).toBe('one\ntwo\nthree');
  });

  it('falls back to the URL for an empty title and decodes entities in titles', () => {
    const file = readText(
      '<DL><p><DT><A HREF=" https://example.com/a?x=1&amp;y=2 "> </A>' +
        '<DT><A HREF="https://example.com/b">Tom &amp; Jerry &lt;3 &quot;x&quot;</A></DL>',
    );
    expect(allBookmarks(file.roots).map(({ title, url }) => ({ title, url }))).toEqual([
      { title: 'https://example.com/a?x=1&y=2', url: 'https://example.com/a?x=1&y=2' },
      { title: 'Tom & Jerry <3 "x"', url: 'https://example.com/b' },
    ]);
  });

  it('skips anchors without a web URL and says why', () => {
    const file = readText(
      '<DL><p>' +
        '<DT><A>no href</A><DT><A HREF="">empty href</A>' +
        '<DT><A HREF="javascript:alert(1)">js</A><DT><A HREF="data:text/html,x">data</A>' +
        '<DT><A HREF="about:blank">about</A><DT><A HREF="chrome://settings">chrome</A>' +
        '<DT><A HREF="/relative">relative</A><DT><A HREF="http://exa mple.com/">space</A>' +
        '<DT><A HREF="HTTPS://Example.com/Path">kept</A><DT><A HREF="?Z-mb0g">a note</A></DL>',
    );
    expect(file.skipped).toEqual([
      { title: 'no href', href: null, reason: 'missing-url' },
      { title: 'empty href', href: null, reason: 'missing-url' },
      { title: 'js', href: 'javascript:alert(1)', reason: 'unsupported-scheme' },
      { title: 'data', href: 'data:text/html,x', reason: 'unsupported-scheme' },
      { title: 'about', href: 'about:blank', reason: 'unsupported-scheme' },
      { title: 'chrome', href: 'chrome://settings', reason: 'unsupported-scheme' },
      { title: 'relative', href: '/relative', reason: 'invalid-url' },
      { title: 'space', href: 'http://exa mple.com/', reason: 'invalid-url' },
    ]);
    // The href is kept as written, not re-serialised; a query-only one is a Shaarli note.
    expect(allBookmarks(file.roots).map((bookmark) => bookmark.url)).toEqual([
      'HTTPS://Example.com/Path',
    ]);
    expect(file.roots.at(-1)).toMatchObject({ kind: 'note', title: 'a note', href: '?Z-mb0g' });
  });
});

describe('readBookmarkFile on dates', () => {
  it('reads seconds, milliseconds and microseconds as the same instant (linkding)', () => {
    const file = readCorpus('linkding/simple_valid_import_file.html');
    // SOURCES.md: "ADD_DATE in **s, ms and µs** (1616337559 / …000 / …000000)"; "3 bookmarks".
    const dates = allBookmarks(file.roots).map((bookmark) => bookmark.addDate);
    expect(dates).toEqual([1616337559000, 1616337559000, 1616337559000]);
  });

  it('keeps a bookmark whose date is invalid (linkding …with_one_invalid_bookmark.html)', () => {
    const file = readCorpus('linkding/simple_valid_import_file_with_one_invalid_bookmark.html');
    // SOURCES.md: "`ADD_DATE="invaliddate"`", upstream "2 imported, 1 failed"; we keep all 3.
    const bookmarks = allBookmarks(file.roots);
    expect(bookmarks.map((bookmark) => bookmark.title)).toEqual([
      'test title 1',
      'test title 2',
      'test title 3',
    ]);
    expect(bookmarks[0]?.addDate).toBeNull();
    expect(bookmarks[0]?.description).toBe('test description 1');
    expect(bookmarks[1]?.addDate).toBe(1616337559000);
  });

  it('decides the unit by magnitude and refuses unreadable values', () => {
    expect(parseTimestamp('1')).toBe(1000);
    expect(parseTimestamp(' 1616337559 ')).toBe(1616337559000);
    expect(parseTimestamp('1616337559123')).toBe(1616337559123);
    expect(parseTimestamp('1616337559123456')).toBe(1616337559123);
    for (const value of [undefined, '', '0', '0000000000', '-1616337559', '1.5', 'invaliddate']) {
      expect(parseTimestamp(value)).toBeNull();
    }
    // The Apache log format of old Shaarli and Scuttle exports, with its UTC offset.
    expect(parseTimestamp('10/Oct/2000:13:55:36 +0300')).toBe(
      Date.parse('2000-10-10T10:55:36.000Z'),
    );
    expect(parseTimestamp('01/Feb/2020:00:00:00 -0130')).toBe(
      Date.parse('2020-02-01T01:30:00.000Z'),
    );
    expect(parseTimestamp('10/Foo/2000:13:55:36 +0300')).toBeNull();
    // 10^17 and beyond is no plausible time in any unit.
    expect(parseTimestamp('100000000000000000')).toBeNull();
    expect(parseTimestamp('9'.repeat(400))).toBeNull();
  });
});

describe('parseTags', () => {
  it('splits on commas when there is one, otherwise on whitespace', () => {
    expect(parseTags('a, b c ,d')).toEqual(['a', 'b c', 'd']);
    expect(parseTags('private  secret\tthird')).toEqual(['private', 'secret', 'third']);
    expect(parseTags('single')).toEqual(['single']);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });

  it('drops later duplicates ignoring case, keeping the first spelling', () => {
    expect(parseTags('Github,github,GITHUB,dev')).toEqual(['Github', 'dev']);
  });

  it('cuts tags to 64 UTF-16 units without splitting a surrogate pair', () => {
    const long = 'x'.repeat(70);
    expect(parseTags(long)).toEqual(['x'.repeat(64)]);
    // 63 units then an emoji (2 units): the emoji would straddle the limit, so it goes.
    expect(parseTags(`${'y'.repeat(63)}😀z`)).toEqual(['y'.repeat(63)]);
    // Two tags that differ only after the cut become one.
    expect(parseTags(`${long}a,${long}b`)).toEqual(['x'.repeat(64)]);
  });
});

describe('readBookmarkFile on encodings', () => {
  it('decodes undeclared valid UTF-8 as UTF-8 and anything else as windows-1252', () => {
    const utf8 = readBookmarkFile(Buffer.from('<DT><A HREF="https://a.example/">café</A>', 'utf8'));
    expect(utf8.encoding).toBe('UTF-8');
    expect(allBookmarks(utf8.roots)[0]?.title).toBe('café');
    const latin = readBookmarkFile(
      Buffer.from('<DT><A HREF="https://a.example/">caf\xe9 \x80</A>', 'latin1'),
    );
    expect(latin.encoding).toBe('windows-1252');
    expect(allBookmarks(latin.roots)[0]?.title).toBe('café €');
  });

  it('follows a declared charset, and replaces bytes invalid in it instead of throwing', () => {
    const declared = readBookmarkFile(
      Buffer.from(
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8"><DT><A HREF="https://a.example/">a\xffb</A>',
        'latin1',
      ),
    );
    expect(declared.encoding).toBe('UTF-8');
    expect(allBookmarks(declared.roots)[0]?.title).toBe('a\uFFFDb');
  });

  it('treats the WHATWG replacement encoding as undeclared', () => {
    const file = readBookmarkFile(
      Buffer.from('<meta charset="iso-2022-kr"><DT><A HREF="https://a.example/">ok</A>', 'utf8'),
    );
    expect(file.encoding).toBe('UTF-8');
    expect(allBookmarks(file.roots)[0]?.title).toBe('ok');
  });
});

describe('readBookmarkFile on input that is not a bookmark file', () => {
  it('reads a 0-byte file as empty (shaarli empty.htm)', () => {
    // SOURCES.md: "parses to an empty list, no error".
    expect(readCorpus('shaarli-netscape-bookmark-parser/empty.htm')).toEqual({
      encoding: 'UTF-8',
      roots: [],
      skipped: [],
    });
  });

  it('reads a README as empty (markio corrupted.html)', () => {
    // SOURCES.md: "parses to `[]`".
    const file = readCorpus('markio/corrupted.html');
    expect(file.roots).toEqual([]);
    expect(file.skipped).toEqual([]);
  });

  it('reads random bytes without throwing', () => {
    // A fixed xorshift sequence, so the test always sees the same 64 KiB.
    const bytes = new Uint8Array(65536);
    let state = 0x2545f491;
    for (let index = 0; index < bytes.length; index += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[index] = state & 0xff;
    }
    const file = readBookmarkFile(bytes);
    expect(file.roots).toEqual([]);
    expect(file.skipped).toEqual([]);
  });

  it('reads every fuzz crasher of netscape-go without throwing or hanging', () => {
    const crashers = JSON.parse(
      readFileSync(`${CORPUS}/netscape-go/fuzz-crashers.json`, 'utf8'),
    ) as { source_file: string; input: string }[];
    // SOURCES.md lists six fuzz inputs.
    expect(crashers).toHaveLength(6);
    for (const crasher of crashers) {
      const file = readText(crasher.input);
      expect(countBookmarkFile(file).bookmarks).toBe(0);
    }
    // `<DT><A></A>` is an anchor without HREF.
    const anchorOnly = crashers.find((crasher) => crasher.input.endsWith('<DT><A></A>'));
    expect(readText(anchorOnly?.input ?? '').skipped).toEqual([
      { title: '', href: null, reason: 'missing-url' },
    ]);
  });
});

describe('readBookmarkFile on deep nesting', () => {
  const depth = 60;
  const opening = Array.from(
    { length: depth },
    (_, level) => `<DT><H3>level ${level + 1}</H3>\n<DL><p>\n`,
  ).join('');
  const leaf = '<DT><A HREF="https://deep.example/">deep</A>\n';

  function descend(file: BookmarkFile): { levels: number; leaf: BookmarkNode | undefined } {
    let levels = 0;
    let nodes = file.roots;
    for (let node = nodes[0]; node?.kind === 'folder'; node = nodes[0]) {
      levels += 1;
      expect(node.title).toBe(`level ${levels}`);
      nodes = node.children;
    }
    return { levels, leaf: nodes[0] };
  }

  it('reads a folder nested 60 levels deep', () => {
    const file = readText(`<DL><p>\n${opening}${leaf}${'</DL><p>\n'.repeat(depth)}</DL><p>\n`);
    const { levels, leaf: deepest } = descend(file);
    expect(levels).toBe(depth);
    expect(deepest).toMatchObject({ kind: 'bookmark', url: 'https://deep.example/' });
  });

  it('reads 100,000 unclosed nested folders (no recursion, no quadratic element stack)', () => {
    const file = readText('<DT><H3>x</H3><DL>'.repeat(100_000));
    expect(countBookmarkFile(file)).toEqual({ folders: 100_000, bookmarks: 0, tags: 0 });
    let levels = 0;
    for (let nodes = file.roots; nodes[0]?.kind === 'folder'; nodes = nodes[0].children)
      levels += 1;
    expect(levels).toBe(100_000);
  });

  it('reads it when the closing </DL>s are missing, and puts a sibling back at the top', () => {
    const truncated = readText(`<DL><p>\n${opening}${leaf}`);
    expect(descend(truncated).levels).toBe(depth);
    const closed = readText(
      `${opening}${leaf}${'</DL><p>\n'.repeat(depth)}<DT><A HREF="https://top.example/">top</A>`,
    );
    expect(closed.roots.map((node) => node.title)).toEqual(['level 1', 'top']);
  });
});

describe('openBookmarkFile', () => {
  const files = [
    'markio/many_bookmarks.html',
    'perl-netscape-bookmarks/Favorites.html',
    'shaarli-netscape-bookmark-parser/netscape_multiline.htm',
    'linkace/import_example.html',
    'bookmarkt/firefox.html',
  ];

  it.each(files)('reads %s in slices of any size exactly as in one go', (path) => {
    const whole = readCorpus(path);
    for (const slice of [1, 7, 64, 4096]) {
      const reader = openBookmarkFile(corpusBytes(path));
      let reads = 0;
      while (!reader.read(slice)) reads += 1;
      expect(reads).toBe(Math.ceil(reader.length / slice) - 1);
      expect(reader.position).toBe(reader.length);
      expect(reader.finish()).toEqual(whole);
    }
  });

  it('counts anchors as it goes and tells when the file has shown a folder or bookmark', () => {
    const reader = openBookmarkFile(corpusBytes('markio/many_bookmarks.html'));
    expect(reader.hasContent()).toBe(false);
    expect(reader.entries).toBe(0);
    while (!reader.hasContent()) reader.read(64);
    expect(reader.position).toBeLessThan(reader.length);
    reader.read(Number.POSITIVE_INFINITY);
    // `grep -oi '<A ' many_bookmarks.html | wc -l` = 11: 7 web links and 4 bookmarklets.
    expect(reader.entries).toBe(11);
    reader.finish();
    expect(reader.entries).toBe(11);
    expect(openBookmarkFile(corpusBytes('markio/corrupted.html')).finish().roots).toEqual([]);
  });
});
