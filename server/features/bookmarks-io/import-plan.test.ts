import { describe, expect, it } from 'vitest';
import {
  importCollectionName,
  MAX_IMPORT_DEPTH,
  noteContent,
  planImport,
  plannedPostColumns,
  type ImportPlan,
} from './import-plan.ts';
import { readBookmarkFile } from './netscape-reader.ts';

const read = (html: string) => readBookmarkFile(Buffer.from(html));
const NOW = '2026-01-15T10:00:00.000Z';

/** Runs the planner to its end; `pauses` counts the times it yielded. */
function planAll(...args: Parameters<typeof planImport>): ImportPlan & { pauses: number } {
  const steps = planImport(...args);
  let pauses = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { ...step.value, pauses };
    pauses += 1;
  }
}

describe('planImport', () => {
  it('pauses every few hundred entries, so a big file never holds the process for long', () => {
    const links = Array.from(
      { length: 2000 },
      (_, index) => `<DT><A HREF="https://example.com/${index}">${index}</A>`,
    );
    const plan = planAll(read(`<DL>${links.join('')}</DL>`), 'skip', NOW);

    expect(plan.posts).toHaveLength(2000);
    expect(plan.pauses).toBeGreaterThanOrEqual(3);
    expect(plan.pauses).toBeLessThanOrEqual(40);
  });

  it('flattens folders parents first and serialises URLs as browsers store them', () => {
    const plan = planAll(
      read(
        '<DL><DT><H3>A</H3><DL><DT><A HREF="HTTP://Example.COM">x</A>' +
          '<DT><H3> </H3><DL><DT><A HREF="https://b.example/a b">   </A></DL></DL>' +
          '<DT><A HREF="https://c.example/">c</A></DL>',
      ),
      'skip',
      NOW,
    );
    expect(plan.folders).toEqual([
      { parent: null, name: 'A', addDate: null },
      { parent: 0, name: 'Unnamed folder', addDate: null },
    ]);
    expect(plan.posts.map((post) => [post.folder, post.url, post.title])).toEqual([
      [0, 'http://example.com/', 'x'],
      // A blank title falls back to the HREF as written.
      [1, 'https://b.example/a%20b', 'https://b.example/a b'],
      [null, 'https://c.example/', 'c'],
    ]);
  });

  it('skips or keeps URLs repeated in the file, and counts skipped entries by reason', () => {
    const html =
      '<DT><A HREF="https://a.example">1</A><DT><A HREF="https://a.example/">2</A>' +
      '<DT><A HREF="javascript:x()">js</A><DT><A>none</A><DT><A HREF="/rel">rel</A>';
    const skip = planAll(read(html), 'skip', NOW);
    expect(skip.posts.map((post) => post.title)).toEqual(['1']);
    expect(skip.duplicatesInFile).toBe(1);
    expect(skip.examples.duplicates).toEqual([
      { title: '2', url: 'https://a.example/', where: 'file' },
    ]);
    expect(skip.skipped).toEqual({
      total: 3,
      unsupported_scheme: 1,
      missing_url: 1,
      invalid_url: 1,
    });
    expect(skip.examples.skipped.map((entry) => entry.reason)).toEqual([
      'unsupported-scheme',
      'missing-url',
      'invalid-url',
    ]);
    const keep = planAll(read(html), 'keep', NOW);
    expect(keep.posts.map((post) => post.title)).toEqual(['1', '2']);
    expect(keep.duplicatesInFile).toBe(1);
  });

  it('takes URLs that differ only by what the duplicate check ignores as repeats', () => {
    const plan = planAll(
      read(
        '<DT><A HREF="https://a.example/page">1</A>' +
          '<DT><A HREF="https://A.example:443/page/?utm_source=x#top">2</A>' +
          '<DT><A HREF="https://a.example/page?fbclid=1&gclid=2">3</A>' +
          '<DT><A HREF="https://a.example/page?id=1">4</A>',
      ),
      'skip',
      NOW,
    );
    expect(plan.posts.map((post) => post.title)).toEqual(['1', '4']);
    expect(plan.duplicatesInFile).toBe(2);
  });

  it('folds folders deeper than MAX_IMPORT_DEPTH into their ancestor there', () => {
    const depth = MAX_IMPORT_DEPTH + 5;
    const html = `${'<DT><H3>f</H3><DL>'.repeat(depth)}<DT><A HREF="https://deep.example/">deep</A>`;
    const plan = planAll(read(html), 'skip', NOW);
    expect(plan.folders).toHaveLength(MAX_IMPORT_DEPTH - 1);
    expect(plan.posts[0]!.folder).toBe(MAX_IMPORT_DEPTH - 2);
  });

  it('works out the stored fields: link fields, note content, dates or now, titles cut to the API limit', () => {
    const plan = planAll(
      read(
        `<DT><A HREF="https://a.example/" ADD_DATE="1600000000">${'t'.repeat(300)}</A>` +
          '<DT><A HREF="?abc" LAST_MODIFIED="1600000000">Note</A><DD>one <b>\n\ntwo',
      ),
      'skip',
      NOW,
    );
    const [link, note] = plan.posts.map(plannedPostColumns);
    expect(link).toMatchObject({
      type: 'link',
      url: 'https://a.example/',
      base_url: 'https://a.example',
      content: 'https://a.example/',
      preview_status: 'pending',
      created_at: '2020-09-13T12:26:40.000Z',
      updated_at: '2020-09-13T12:26:40.000Z',
      search_title: 't'.repeat(255),
    });
    expect(link!.title).toHaveLength(255);
    expect(note).toMatchObject({
      type: 'text',
      url: null,
      base_url: null,
      title: 'Note',
      content: '<p>one</p><p>two</p>',
      preview_status: null,
      description: 'one \n\ntwo',
      created_at: NOW,
      updated_at: '2020-09-13T12:26:40.000Z',
    });
    expect(note!.search_text).toContain('one');
  });

  it('lets go of each entry of the file once planned, so the tree and the plan are not both held whole', () => {
    const file = read('<DT><H3>f</H3><DL><DT><A HREF="https://a.example/">a</A></DL>');
    const folder = file.roots[0]!;
    planAll(file, 'skip', NOW);
    expect(file.roots).toEqual([]);
    expect(folder.kind === 'folder' && folder.children).toEqual([]);
  });
});

describe('noteContent', () => {
  it('makes paragraphs and line breaks, keeping indentation and escaping markup', () => {
    expect(noteContent('\n  one\n  <b>two</b>\n\n\nthree & four \n')).toBe(
      '<p>one<br>  &lt;b&gt;two&lt;/b&gt;</p><p>three &amp; four</p>',
    );
  });
});

describe('importCollectionName', () => {
  it('is the file name without folders and extension, or a default', () => {
    expect(importCollectionName('C:\\Users\\me\\bookmarks_12_1_25.html')).toBe('bookmarks_12_1_25');
    expect(importCollectionName('export.tar.html')).toBe('export.tar');
    expect(importCollectionName('.html')).toBe('Imported bookmarks');
    expect(importCollectionName(undefined)).toBe('Imported bookmarks');
  });
});
