import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints, type ImportJob } from '../../../contract/bookmarks-io.ts';
import {
  accountView,
  importFile,
  startImport,
  type PostView,
} from '../../test/bookmark-imports.ts';
import { CORPUS_DIR } from '../../test/corpus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Acceptance: every file under the corpus's bookmarks/ either imports with the collection, post and
 * tag counts an independent reading of the file gives, or is refused with a clear 4xx; where
 * SOURCES.md records what the upstream project expects of a file, that is checked too. Then every
 * imported file goes through export and a second import, which must reproduce every URL, title,
 * folder path, tag, description and date.
 */

const BOOKMARKS = `${CORPUS_DIR}/bookmarks`;

/** Every file under bookmarks/, as paths relative to it. */
function corpusFiles(dir = BOOKMARKS, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(`${dir}/${name}`).isDirectory()
        ? corpusFiles(`${dir}/${name}`, `${prefix}${name}/`)
        : [`${prefix}${name}`],
    );
}

/**
 * A second reading of a Netscape bookmark file, by another method than the importer's: regular
 * expressions over the decoded text instead of htmlparser2's tokenizer. It counts what the format
 * defines: every `<H3>` is a folder; every `<A>` an entry, a web link when its HREF (or, for a
 * Firefox live bookmark without one, its FEEDURL) is an absolute http(s) URL; an `<A>` after a `<DD>` (before the next `<DT>`) belongs to that description.
 * Comments and the content of `<script>`, `<style>` and `<title>` are not markup. An HREF that is
 * only a query (`?KvNdlQ`) is Shaarli's link to a note: a post too. URLs are compared as WHATWG
 * serialises them; the first of repeated URLs counts (duplicates=skip). Tags split on commas when
 * there is one, else on whitespace, compared ignoring case.
 */
function independentReading(bytes: Buffer) {
  const text = decode(bytes)
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style|title)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, ' ');
  let folders = 0;
  let entries = 0;
  let notes = 0;
  let duplicates = 0;
  const urls = new Set<string>();
  const tags = new Set<string>();
  let inDescription = false;
  for (const [, closing, rawName, rawAttributes] of text.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g,
  )) {
    const name = rawName!.toLowerCase();
    if (closing) {
      if (name === 'dl') inDescription = false;
      continue;
    }
    if (name === 'dd') inDescription = true;
    if (name === 'dt' || name === 'dl' || name === 'h3') inDescription = false;
    if (name === 'h3') folders += 1;
    if (name !== 'a' || inDescription) continue;
    entries += 1;
    const attributes = new Map<string, string>();
    for (const [, key, value] of rawAttributes!.matchAll(
      /([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g,
    )) {
      const lower = key!.toLowerCase();
      if (!attributes.has(lower)) {
        attributes.set(lower, decodeHTML((value ?? '').replace(/^["']|["']$/g, '')));
      }
    }
    const href = (attributes.get('href') || attributes.get('feedurl'))?.trim() ?? '';
    if (href.startsWith('?')) {
      notes += 1;
    } else {
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      if (urls.has(url.href)) {
        duplicates += 1;
        continue;
      }
      urls.add(url.href);
    }
    const value = attributes.get('tags') ?? '';
    for (const tag of value.includes(',') ? value.split(',') : value.split(/\s+/)) {
      const name = tag.trim().slice(0, 64).trim().toLowerCase();
      if (name) tags.add(name);
    }
  }
  return { folders, entries, posts: urls.size + notes, duplicates, tags: tags.size };
}

/** The text of a bookmark file: BOM, else a declared charset, else UTF-8 if valid, else windows-1252. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes);
  }
  const declared = /charset\s*=\s*["']?([\w-]+)/i.exec(bytes.subarray(0, 1024).toString('latin1'));
  try {
    if (declared) return new TextDecoder(declared[1]).decode(bytes);
  } catch {
    // A label the Encoding standard does not know (iCab's X-MAC-SYSTEM): as if undeclared.
  }
  return new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'windows-1252').decode(bytes);
}

type Imported = {
  job: ImportJob & { summary: NonNullable<ImportJob['summary']> };
  view: Awaited<ReturnType<typeof accountView>>;
};

const byTitle = (view: Imported['view'], title: string): PostView => {
  const post = view.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`no post titled ${title}`);
  return post;
};
const tagNames = (post: PostView) => post.tags.map((tag) => tag.name).sort();
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const corpusText = (path: string) => readFileSync(`${BOOKMARKS}/${path}`, 'utf8').trim();

/**
 * What SOURCES.md records of each file (upstream test expectations), checked against the import.
 * Where Nestmark deliberately differs from the upstream project, the check says how and why.
 */
const upstream: Record<string, (imported: Imported) => void> = {
  'shaarli-netscape-bookmark-parser/chromium_flat.htm': ({ view }) => {
    expect(view.posts).toHaveLength(9);
    expect(view.tags).toHaveLength(0);
    expect(Math.min(...view.posts.map((post) => seconds(post.created_at)))).toBe(1466009029);
  },
  'shaarli-netscape-bookmark-parser/chromium_nested.htm': ({ view }) => {
    expect(view.posts).toHaveLength(18);
    // Shaarli turns the folder path into tags; Nestmark keeps it as nested collections.
    expect([...view.paths.values()].map((path) => path.at(-1))).toContain(
      'Linux, Unix OS,Other stuff',
    );
  },
  // 24 entries; the place: smart bookmarks are entries, not web links.
  'shaarli-netscape-bookmark-parser/firefox_flat.htm': ({ job }) =>
    expect(job.summary.posts + job.summary.skipped.total + job.summary.duplicates.total).toBe(24),
  'shaarli-netscape-bookmark-parser/firefox_nested.htm': ({ job }) =>
    expect(job.summary.posts + job.summary.skipped.total + job.summary.duplicates.total).toBe(24),
  'shaarli-netscape-bookmark-parser/internet_explorer_11_flat.htm': ({ view }) =>
    expect(view.posts).toHaveLength(18),
  // Shaarli's tags `['microsoft','websites']` and `['windows','live']` are its folder-as-tag
  // reading of the folders "Microsoft Websites" and "Windows Live".
  'shaarli-netscape-bookmark-parser/internet_explorer_11_nested.htm': ({ view }) => {
    expect(view.posts).toHaveLength(27);
    const paths = [...view.paths.values()].map((path) => path.slice(1).join('/'));
    expect(paths).toEqual(expect.arrayContaining(['Microsoft Websites', 'Windows Live']));
  },
  // "all tagged ['unlabeled']": they are in the folder "Unlabeled"; dates are microseconds.
  'shaarli-netscape-bookmark-parser/google_bookmarks_nested.htm': ({ view }) => {
    expect(view.posts).toHaveLength(6);
    expect(new Set(view.posts.map((post) => view.pathOf(post).slice(1).join('/')))).toEqual(
      new Set(['Unlabeled']),
    );
    expect(seconds(byTitle(view, 'OpenNIC Project').created_at)).toBe(1529505663);
  },
  'shaarli-netscape-bookmark-parser/delicious.htm': ({ view }) => {
    expect(view.posts).toHaveLength(5);
    expect(view.posts.map(tagNames)).toContainEqual(['@font-face', 'os', 'typography']);
    // %-encoded URLs are kept as written.
    expect(view.posts.some((post) => post.url?.includes('%'))).toBe(true);
  },
  'shaarli-netscape-bookmark-parser/delicious_sanitize.htm': ({ view }) => {
    expect(view.posts).toHaveLength(2);
    expect(view.posts.map(tagNames)).toContainEqual(['astuces', 'spip3']);
  },
  'shaarli-netscape-bookmark-parser/netscape_basic.htm': ({ view }) => {
    expect(view.posts).toHaveLength(2);
    const secret = byTitle(view, 'Secret stuff');
    expect(tagNames(secret)).toEqual(['private', 'secret']);
    // ADD_DATE="10/Oct/2000:13:55:36 +0300", the Apache log format.
    expect(seconds(secret.created_at)).toBe(971175336);
  },
  'shaarli-netscape-bookmark-parser/netscape_extended.htm': ({ view }) => {
    expect(view.posts).toHaveLength(1);
    expect(tagNames(view.posts[0]!)).toEqual(['oceans', 'story']);
  },
  'shaarli-netscape-bookmark-parser/netscape_multiline.htm': ({ view }) => {
    expect(view.posts).toHaveLength(3);
    expect(view.posts.some((post) => /\n {2,}\S/.test(post.description ?? ''))).toBe(true);
  },
  // `['folder3','folder3-1','tag3']`: Shaarli's folders-as-tags plus the bookmark's tag.
  'shaarli-netscape-bookmark-parser/netscape_nested.htm': ({ view }) => {
    expect(view.posts).toHaveLength(8);
    const leaf = view.posts.find((post) => post.url === 'http://nest.ed/3-1')!;
    expect(view.pathOf(leaf).slice(1)).toEqual(['Folder3', 'Folder3-1']);
    expect(tagNames(leaf)).toEqual(['tag3']);
  },
  // `['github','shaarli']`, `['autre','divers','doc']`: Shaarli's tags from these folders.
  'shaarli-netscape-bookmark-parser/safari_folded.htm': ({ view }) => {
    expect(view.posts).toHaveLength(3);
    expect(folderPaths(view, 1)).toEqual([
      'Autre Divers',
      'Autre Divers/doc',
      'Favoris',
      'Github - Shaarli',
      'Menu Signets',
    ]);
  },
  'shaarli-netscape-bookmark-parser/scuttle.htm': ({ view }) => {
    expect(view.posts).toHaveLength(4);
    expect(view.posts.map(tagNames)).toContainEqual(['dictionary']);
  },
  'shaarli-netscape-bookmark-parser/scuttle_new_line.htm': ({ view }) => {
    expect(view.posts).toHaveLength(1);
    expect(tagNames(view.posts[0]!)).toEqual(['blog', 'funk', 'musik']);
  },
  // 6 entries, one of them a Shaarli note (HREF="?lY47tw"): a text post.
  'shaarli-netscape-bookmark-parser/shaarli.htm': ({ view }) => {
    expect(view.posts).toHaveLength(6);
    expect(view.posts.filter((post) => post.type === 'text')).toHaveLength(1);
  },
  'shaarli-netscape-bookmark-parser/shaarli_legacy.htm': ({ view }) =>
    expect(view.posts).toHaveLength(2),
  'shaarli-netscape-bookmark-parser/shaarli_markdown.htm': ({ view }) => {
    expect(view.posts).toHaveLength(3);
    expect(view.posts.every((post) => post.type === 'text' && post.url === null)).toBe(true);
    // Markdown stays text: `<?php` is escaped, never markup.
    expect(byTitle(view, 'Markdown - code').content).toContain('&lt;?php');
  },
  'shaarli-netscape-bookmark-parser/shaarli_with_tabs_and_spaces.htm': ({ view }) => {
    const [note] = view.posts;
    expect(note!.description).toBe(
      corpusText('shaarli-netscape-bookmark-parser/shaarli_with_tabs_and_spaces.expected-note.txt'),
    );
    // The note's text is also its content, as paragraphs with their line breaks and indentation.
    expect(note!.content).toMatch(
      /^<p>I will write some formating using spaces:<\/p><p> {2}\* For example,<br \/?> {2}\* lists,/,
    );
  },
  'shaarli-netscape-bookmark-parser/shaarli_with_whitespace_tags.htm': ({ view }) => {
    const post = view.posts[view.posts.length - 1]!;
    expect(tagNames(post)).toEqual(['dev', 'php 7.x', 'php dev']);
    expect(post.description).toBe(
      corpusText('shaarli-netscape-bookmark-parser/shaarli_with_whitespace_tags.expected-note.txt'),
    );
  },
  'linkding/simple_valid_import_file.html': ({ view }) => {
    expect(view.posts).toHaveLength(3);
    // ADD_DATE in seconds, milliseconds and microseconds: the same instant.
    expect(new Set(view.posts.map((post) => seconds(post.created_at)))).toEqual(
      new Set([1616337559]),
    );
  },
  // linkding fails the bookmark with ADD_DATE="invaliddate"; Nestmark keeps it, dated at import.
  'linkding/simple_valid_import_file_with_one_invalid_bookmark.html': ({ view }) =>
    expect(view.posts).toHaveLength(3),
  // LinkAce keeps 18 tags because its tags are case-sensitive ("Github" and "github");
  // Nestmark's are unique ignoring case (PRODUCT.md#tag), so the count is the independent one.
  'linkace/import_example.html': ({ view }) => expect(view.posts).toHaveLength(5),
  'linkace/import_example_dateless.html': ({ view }) => {
    expect(view.posts).toHaveLength(5);
    // No ADD_DATE: created at import time.
    expect(new Set(view.posts.map((post) => post.created_at))).toEqual(
      new Set(['2026-01-15T10:00:00.000Z']),
    );
  },
  'markio/one_bookmark.html': ({ view }) => {
    expect(view.posts).toHaveLength(1);
    const post = byTitle(view, 'Save It - Simple, secure bookmarks');
    expect(post.url).toBe('https://saveit.in/');
    // markio calls TAGS "folders".
    expect(tagNames(post)).toEqual(['Bookmarking']);
  },
  'markio/many_bookmarks.html': ({ view, job }) => {
    expect(job.summary.posts + job.summary.skipped.total).toBe(11);
    expect(job.summary.skipped.unsupported_scheme).toBe(4);
    expect(view.pathOf(view.posts.at(-1)!).slice(1)).toContain('Bookmarks Bar');
  },
  'markio/nested_bookmarks.html': ({ view, job }) => {
    expect(job.summary.posts + job.summary.skipped.total).toBe(10);
    expect(job.summary.skipped.unsupported_scheme).toBe(3);
    expect(view.pathOf(byTitle(view, 'Yahoo!')).slice(1)).toEqual([
      'Bookmarks Toolbar',
      'Nest 1',
      'Nest 2',
    ]);
  },
  'markio/delicious_bookmarks.html': ({ view }) => {
    expect(view.posts).toHaveLength(5);
    expect(view.posts.map((post) => post.tags.length)).toContain(5);
  },
  'bookmarkt/netscape.html': ({ view }) => expect(view.posts).toHaveLength(2),
  'bookmarkt/chromium.html': ({ view }) =>
    expect(view.posts.some((post) => post.title?.includes('(朽木)'))).toBe(true),
  // menu: [Mozilla Firefox{4}, separator, test{"test post keyword"}]; toolbar: [Getting Started,
  // Latest Headlines, Latest Headlines No Site]; unfiled: [Example.tld → http://example.tld/].
  'firefox-places-tests/bookmarks.preplaces.html': ({ view }) => {
    expect(folderPaths(view, 1)).toEqual([
      'Bookmarks Toolbar Folder',
      'Mozilla Firefox',
      'Unsorted Bookmarks',
      'test',
    ]);
    expect(view.posts.filter((post) => view.pathOf(post)[1] === 'Mozilla Firefox')).toHaveLength(4);
    expect(view.pathOf(byTitle(view, 'test post keyword')).slice(1)).toEqual(['test']);
    const toolbar = view.posts.filter(
      (post) => view.pathOf(post)[1] === 'Bookmarks Toolbar Folder',
    );
    expect(toolbar.map((post) => post.title).sort()).toEqual([
      'Getting Started',
      'Latest Headlines',
      'Latest Headlines No Site',
    ]);
    const example = byTitle(view, 'Example.tld');
    expect(example.url).toBe('http://example.tld/');
    expect(view.pathOf(example).slice(1)).toEqual(['Unsorted Bookmarks']);
    // Firefox lower-cases the host on import, and so does Nestmark (URLs are serialised).
    expect(view.posts.some((post) => post.url?.includes('en-us.www.mozilla.com'))).toBe(true);
  },
  'firefox-places-tests/bookmarks.corrupt.html': ({ view, job }) => {
    expect(view.posts.some((post) => post.url?.includes('b0rked'))).toBe(false);
    expect(job.summary.skipped.invalid_url).toBeGreaterThan(0);
  },
  // The same tree as the pre-Places file, as modern Firefox writes it.
  'firefox-places-tests/bookmarks.exported.html': ({ view }) => {
    expect(byTitle(view, 'Example.tld').url).toBe('http://example.tld/');
    expect(view.pathOf(byTitle(view, 'test post keyword')).slice(1)).toEqual(['test']);
    expect(view.posts.filter((post) => view.pathOf(post)[1] === 'Mozilla Firefox')).toHaveLength(4);
  },
  'firefox-places-tests/bookmarks_html_singleframe.html': ({ view }) => {
    const post = byTitle(view, 'Mozilla');
    expect(post.url).toBe('http://www.mozilla.org/');
    expect(view.pathOf(post).slice(1)).toEqual(['Subtitle']);
  },
  'chromium-bookmark-html-reader/empty_folder.html': ({ view }) => {
    // Chromium keeps the empty folder names; Nestmark needs a name and says "Unnamed folder".
    expect(view.pathOf(byTitle(view, '[Tamura Yukari.com]')).slice(1)).toEqual(['Unnamed folder']);
    const google = byTitle(view, 'Google');
    expect(view.pathOf(google).slice(1)).toEqual(['Not Empty But Default']);
    // ADD_DATE="0000000000" is no date: created at import time.
    expect(google.created_at).toBe('2026-01-15T10:00:00.000Z');
    expect([...view.paths.values()].map((path) => path.slice(1).join('/'))).toContain(
      "Empty's Parent/Unnamed folder",
    );
  },
  'chromium-bookmark-html-reader/redditsaver.html': ({ view }) =>
    expect(view.posts.map((post) => post.title).sort()).toEqual(['Google', 'YouTube']),
  'suhodolskiy-netscape-bookmarks/example.html': ({ view }) => {
    const expected = JSON.parse(
      readFileSync(`${BOOKMARKS}/suhodolskiy-netscape-bookmarks/example.expected.json`, 'utf8'),
    ) as ExpectedNode[];
    const lines: string[] = [];
    const walk = (nodes: ExpectedNode[], path: string[]) => {
      for (const node of nodes) {
        if (node.children) walk(node.children, [...path, node.name]);
        else lines.push([...path, node.name, node.href, node.add_date].join(' › '));
      }
    };
    walk(expected, []);
    const actual = view.posts.map((post) =>
      [...view.pathOf(post).slice(1), post.title, post.url, seconds(post.created_at)].join(' › '),
    );
    expect(actual.sort()).toEqual(lines.sort());
  },
  'wallabag/shaarli-bookmarks.html': ({ view }) => expect(view.posts).toHaveLength(2),
  'netscape-go/flat10000.htm': ({ view, job }) => {
    expect(job.summary.posts + job.summary.duplicates.total).toBe(10_000);
    expect(job.summary.duplicates).toMatchObject({ in_file: 232, kept: false });
    expect(view.posts).toHaveLength(9_768);
  },
  'netscape-go/safari_folded.htm': ({ view }) => {
    const outline = view.posts.map((post) => [...view.pathOf(post).slice(1), post.title].join('/'));
    expect(outline.sort()).toEqual([
      'Favoris/GitHub',
      'GitHub - Go/golang/go: The Go programming language',
      'Misc/Wiki/Wikipedia, the free encyclopedia',
    ]);
    expect([...view.paths.values()].map((path) => path.slice(1).join('/'))).toContain(
      'Menu Signets',
    );
  },
  'perl-netscape-bookmarks/Bookmarks.html': ({ job }) =>
    expect(job.summary.duplicates.in_file).toBeGreaterThan(0),
  'perl-netscape-bookmarks/Bookmarks4.7.html': ({ job }) =>
    expect(job.summary.posts + job.summary.skipped.total + job.summary.duplicates.total).toBe(110),
  'perl-netscape-bookmarks/Favorites.html': ({ view }) =>
    // Byte 0x8A is "ä" in Mac Roman (it would be "Š" in windows-1252).
    expect(view.posts.map((post) => post.title)).toContain(
      'First Internet Bank - Online Banking, Checking,ä',
    ),
  'perl-netscape-bookmarks/iCab.Hotlist.html': ({ job }) =>
    expect(job.summary.posts + job.summary.skipped.total + job.summary.duplicates.total).toBe(151),
  'perl-netscape-bookmarks/mozilla.html': ({ job, view }) => {
    expect(job.summary.posts + job.summary.skipped.total + job.summary.duplicates.total).toBe(219);
    expect(job.summary.collections).toBe(1 + 33);
    expect(view.posts.some((post) => post.title?.includes('…'))).toBe(true);
  },
};

interface ExpectedNode {
  name: string;
  href?: string;
  add_date: string;
  children?: ExpectedNode[];
}

/** Files SOURCES.md records as not bookmark files, and why each is refused. */
const refused: Record<string, RegExp> = {
  'shaarli-netscape-bookmark-parser/empty.htm': /empty/,
  'markio/corrupted.html': /not a bookmark file/,
  'netscape-go/fuzz-crashers.json': /not in a format Nestmark can import/,
  'suhodolskiy-netscape-bookmarks/example.expected.json': /not in a format Nestmark can import/,
  'shaarli-netscape-bookmark-parser/shaarli_with_tabs_and_spaces.expected-note.txt':
    /not a bookmark file/,
  'shaarli-netscape-bookmark-parser/shaarli_with_whitespace_tags.expected-note.txt':
    /not a bookmark file/,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const files = corpusFiles();

describe('every file of the bookmark corpus', () => {
  it('is all there (SOURCES.md: 55 files, 51 of them HTML)', () => {
    expect(files).toHaveLength(55);
    expect(files.filter((path) => /\.html?$/.test(path))).toHaveLength(51);
    expect(Object.keys(refused).every((path) => files.includes(path))).toBe(true);
    expect(Object.keys(upstream).every((path) => files.includes(path))).toBe(true);
  });

  it.each(files)(
    '%s imports as an independent reading says, or is refused with a 4xx',
    async (path) => {
      const bytes = readFileSync(`${BOOKMARKS}/${path}`);
      const user = await t.createUser();
      const name = path.split('/').pop()!;
      const independent = independentReading(bytes);

      if (path in refused) {
        if (!path.endsWith('.json')) {
          expect(independent.folders + independent.posts, 'nothing to import').toBe(0);
        }
        const res = await startImport(t, user, name, bytes);
        expect(res.status).toBe(422);
        expect(res.error).toMatchObject({ code: 'UNPROCESSABLE' });
        expect(res.error?.message).toMatch(refused[path]!);
        expect((await accountView(t, user)).tree).toEqual([]);
        return;
      }

      const job = await importFile(t, user, name, bytes);
      const view = await accountView(t, user);
      expect(job.summary).toMatchObject({
        collections: independent.folders + 1,
        posts: independent.posts,
        tags: independent.tags,
        skipped: { total: independent.entries - independent.posts - independent.duplicates },
        duplicates: { in_file: independent.duplicates, in_target: 0 },
      });
      expect(view.paths.size).toBe(independent.folders + 1);
      expect(view.posts).toHaveLength(independent.posts);
      expect(view.tags).toHaveLength(independent.tags);
      for (const post of view.posts) {
        expect(post.preview_status).toBe(post.type === 'link' ? 'pending' : null);
      }
      upstream[path]?.({ job, view });

      // Round trip: export, import the export into another account, compare everything.
      const exported = await t.call(bookmarksIoEndpoints.export, { token: user.token });
      expect(exported.status).toBe(200);
      const other = await t.createUser();
      const again = await importFile(t, other, 'export.html', Buffer.from(exported.text));
      expect(again.summary.duplicates.total).toBe(0);
      const copy = await accountView(t, other);
      expect(roundTripLines(copy, 2)).toEqual(roundTripLines(view, 1));
      expect(folderPaths(copy, 2)).toEqual(folderPaths(view, 1));
    },
    60_000,
  );

  it('reads every fuzz crasher of netscape-go without failing: each imports or is refused', async () => {
    const crashers = JSON.parse(
      readFileSync(`${BOOKMARKS}/netscape-go/fuzz-crashers.json`, 'utf8'),
    ) as { input: string }[];
    const user = await t.createUser();
    for (const { input } of crashers) {
      const bytes = Buffer.from(input);
      const independent = independentReading(bytes);
      const res = await startImport(t, user, 'crasher.html', bytes);
      if (independent.folders + independent.posts === 0) {
        expect(res.status, input).toBe(422);
      } else {
        expect(res.status, input).toBe(202);
        const job = await importFile(t, await t.createUser(), 'crasher.html', bytes);
        expect(job.summary.collections).toBe(independent.folders + 1);
      }
    }
  });
});

/**
 * Each post as `path › url › title › tags › description › add date (s)`, below `drop` levels. A
 * note has no URL: the export links it to its page (docs/API.md), which is what comes back.
 */
function roundTripLines(view: Imported['view'], drop: number): string[] {
  return view.posts
    .map((post) =>
      JSON.stringify([
        view.pathOf(post).slice(drop),
        post.url ?? `${t.config.appUrl}/p/${post.id}`,
        post.title,
        tagNames(post),
        post.description,
        // The Netscape format keeps seconds (ADD_DATE); milliseconds do not survive it.
        seconds(post.created_at),
      ]),
    )
    .sort();
}

/** Every collection as its path below `drop` levels (empty folders included). */
function folderPaths(view: Imported['view'], drop: number): string[] {
  return [...view.paths.values()]
    .map((path) => path.slice(drop).join('/'))
    .filter(Boolean)
    .sort();
}
