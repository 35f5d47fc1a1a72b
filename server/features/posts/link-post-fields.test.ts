import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/corpus.ts';
import { linkPostFields, postContentFields } from './post-content.ts';
import { escapeText } from 'entities';

/** Every absolute http(s) HREF of the bookmark corpus, as `new URL().href` serialises it. */
function corpusUrls(): string[] {
  const dir = `${CORPUS_DIR}/bookmarks`;
  const urls = new Set<string>();
  for (const path of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.html?$/.test(path)) continue;
    const text = readFileSync(`${dir}/${path}`, 'latin1');
    for (const [, href] of text.matchAll(/HREF="([^"]*)"/gi)) {
      try {
        const url = new URL(href!.replaceAll('&amp;', '&'));
        if (url.protocol === 'http:' || url.protocol === 'https:') urls.add(url.href);
      } catch {
        // Not an absolute URL: not a link post.
      }
    }
  }
  return [...urls];
}

describe('linkPostFields', () => {
  it('gives what postContentFields gives for the escaped URL, for every corpus URL', () => {
    const urls = [
      ...corpusUrls(),
      'https://example.com/?a=1&b=2&c=<3>',
      'https://example.com/"quoted"/\'single\'',
      'https://xn--r8jz45g.jp/%E3%81%82',
      'http://example.com/a%20b#frag',
    ].map((url) => new URL(url));
    expect(urls.length).toBeGreaterThan(10_000);
    for (const url of urls) {
      for (const title of [undefined, '  A title  ', '']) {
        expect(linkPostFields(url, title), url.href).toEqual(
          postContentFields(escapeText(url.href), title),
        );
      }
    }
  });
});
