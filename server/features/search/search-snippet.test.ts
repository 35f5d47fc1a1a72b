import { describe, expect, it } from 'vitest';
import { searchDocument } from './search-document.ts';
import { searchSnippet } from './search-snippet.ts';

const fields = (over: Partial<Parameters<typeof searchDocument>[0]>) => ({
  title: null,
  content: '',
  url: null,
  description: null,
  tagNames: [],
  ...over,
});

describe('searchDocument', () => {
  it('folds case and holds the text of the content, not its markup', () => {
    const doc = searchDocument(
      fields({
        title: 'Trip to Zürich',
        content: '<p><strong>Bold</strong> plans</p>',
        url: 'https://Example.com',
        description: 'Notes',
        tagNames: ['Travel'],
      }),
    );
    expect(doc.search_title).toBe('trip to zürich');
    expect(doc.search_text).toBe('trip to zürich\nbold plans\nhttps://example.com\nnotes\ntravel');
    expect(doc.search_text).not.toContain('strong');
  });

  it("holds a link's URL once, though its content and title are the URL too", () => {
    const url = 'https://example.com/Page';
    const doc = searchDocument(fields({ title: url, content: url, url, tagNames: ['x'] }));
    expect(doc.search_text).toBe('https://example.com/page\nx');
  });
});

describe('searchSnippet', () => {
  it('marks every match in the first field that has one', () => {
    const snippet = searchSnippet(fields({ title: 'Amazon and amazonite' }), ['zon']);
    expect(snippet).toEqual({
      field: 'title',
      snippet: 'Amazon and amazonite',
      ranges: [
        [3, 6],
        [14, 17],
      ],
    });
  });

  it('cuts long text around the first match and keeps offsets right', () => {
    const long = `${'a'.repeat(200)} needle ${'b'.repeat(200)}`;
    const snippet = searchSnippet(fields({ content: `<p>${long}</p>` }), ['needle'])!;
    expect(snippet.field).toBe('text');
    expect(snippet.snippet.startsWith('…')).toBe(true);
    expect(snippet.snippet.endsWith('…')).toBe(true);
    const [from, to] = snippet.ranges[0]!;
    expect(snippet.snippet.slice(from, to)).toBe('needle');
  });

  it('finds case-insensitively in any script, and says nothing when nothing matches', () => {
    expect(searchSnippet(fields({ description: '東京の旅' }), ['東京'])?.ranges).toEqual([[0, 2]]);
    expect(searchSnippet(fields({ title: 'x' }), ['y'])).toBeUndefined();
  });
});
