import { describe, expect, it } from 'vitest';
import { bookmarkletUrl } from './bookmarklet.ts';

/** What the bookmarklet does on a page: the URL it opens, and whether it left the page. */
function run(
  href: string,
  page: { url: string; title: string; selection: string; popupsBlocked?: boolean },
) {
  expect(href.startsWith('javascript:')).toBe(true);
  const code = decodeURIComponent(href.slice('javascript:'.length));
  const opened: string[] = [];
  const location = { href: page.url };
  const window = {
    getSelection: () => ({ toString: () => page.selection }),
    open: (url: string, target: string) => {
      expect(target).toBe('_blank');
      opened.push(url);
      return page.popupsBlocked ? null : {};
    },
  };
  // The code reads the page through these globals, as it does in a browser tab; running the
  // bookmarklet's own code is what this test is for.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('window', 'location', 'document', code)(window, location, { title: page.title });
  return { opened, location: location.href };
}

describe('bookmarkletUrl', () => {
  const href = bookmarkletUrl('https://nestmark.example');

  it('is one javascript: URL without spaces, double quotes or angle brackets', () => {
    expect(href).toMatch(/^javascript:[^\s"<>]+$/);
  });

  it("opens the post editor with the page's address and title, and the selection as the note", () => {
    const { opened, location } = run(href, {
      url: 'https://news.example/a?b=1&c=2#top',
      title: 'News & views',
      selection: '  A quote, with "marks"  ',
    });
    expect(opened).toHaveLength(1);
    const target = new URL(opened[0]!);
    expect(target.origin + target.pathname).toBe('https://nestmark.example/c/0/p/create');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      url: 'https://news.example/a?b=1&c=2#top',
      title: 'News & views',
      text: 'A quote, with "marks"',
    });
    expect(location).toBe('https://news.example/a?b=1&c=2#top');
  });

  it('leaves the note out without a selection, and goes there itself when tabs are blocked', () => {
    const { opened, location } = run(href, {
      url: 'https://example.com/',
      title: 'Example',
      selection: '',
      popupsBlocked: true,
    });
    expect(opened).toEqual([
      'https://nestmark.example/c/0/p/create?url=https%3A%2F%2Fexample.com%2F&title=Example',
    ]);
    expect(location).toBe(opened[0]);
  });

  it('keeps an origin with odd characters inside its string', () => {
    const { opened } = run(bookmarkletUrl("http://127.0.0.1:4173/x'y"), {
      url: 'https://example.com/',
      title: '',
      selection: '',
    });
    expect(opened[0]).toBe(
      "http://127.0.0.1:4173/x'y/c/0/p/create?url=https%3A%2F%2Fexample.com%2F&title=",
    );
  });
});
