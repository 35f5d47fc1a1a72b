import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { LINK_SCHEMES } from '../../../contract/posts.ts';
import { activeParts, xssCorpusPayloads } from '../../test/xss-corpus.ts';
import { baseUrlOf, classifyContent, sanitizeContent, textOf } from './post-content.ts';

describe('classifyContent', () => {
  it('makes content that is one URL a link post', () => {
    expect(classifyContent('https://example.com/a?b=1')).toEqual({
      type: 'link',
      url: 'https://example.com/a?b=1',
    });
    expect(classifyContent('<p> https://example.com </p>').type).toBe('link');
    expect(classifyContent('<a href="https://example.com">https://example.com</a>').url).toBe(
      'https://example.com',
    );
  });

  it('makes anything else a text post', () => {
    expect(classifyContent('Lorem https://example.com').type).toBe('text');
    expect(classifyContent('<p>https://a.com</p><p>https://b.com</p>').type).toBe('text');
    expect(classifyContent('ftp://example.com/file').type).toBe('text');
    expect(classifyContent('<p>just words</p>')).toEqual({ type: 'text', url: null });
  });
});

describe('sanitizeContent', () => {
  it('keeps the rich content PRODUCT.md#rich-content lists', () => {
    const html =
      '<h6>T</h6><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true">x</li></ul>' +
      '<blockquote><p>q</p></blockquote><hr><img src="https://e.com/i.png" alt="a" title="t">' +
      '<unfurling-link href="https://e.com" data-title="E"></unfurling-link>';
    expect(sanitizeContent(html)).toBe(
      html.replace('<hr>', '<hr />').replace('title="t">', 'title="t" />'),
    );
  });

  it('drops scripts, event handlers and dangerous URLs', () => {
    const dirty =
      '<p onclick="x()">hi<script>alert(1)</script></p><img src="data:image/png;base64,AAAA" onerror="x()">' +
      '<a href="javascript:alert(1)">j</a><iframe src="https://e.com"></iframe>';
    const clean = sanitizeContent(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|data:|iframe/i);
    expect(clean).toContain('<p>hi</p>');
  });

  it('opens links in a new tab without opener, referrer or follow', () => {
    expect(sanitizeContent('<a href="https://e.com" target="_self" rel="opener">e</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
  });
});

describe('textOf', () => {
  it('decodes entities and separates blocks', () => {
    const lines = textOf('<p>a &amp; <b>b</b></p><p>c</p>').split('\n').filter(Boolean);
    expect(lines).toEqual(['a & b', 'c']);
  });

  it('gives text without tags or entities back as it is, white space and all', () => {
    expect(textOf('https://example.com/a?b=1 \r\n  c > d "e"')).toBe(
      'https://example.com/a?b=1 \r\n  c > d "e"',
    );
    expect(textOf('https://example.com/?a=1&amp;b=2')).toBe('https://example.com/?a=1&b=2');
  });
});

describe('baseUrlOf', () => {
  it('is the origin', () => {
    expect(baseUrlOf('https://Example.com:8443/a/b?c')).toBe('https://example.com:8443');
  });
});

/*
 * Stored XSS: every payload of the test corpus (server/test/fixtures/corpus/xss: DOMPurify's test cases,
 * OWASP's filter evasion cheat sheet, PayloadsAllTheThings' polyglots and intruder list) is
 * sanitized, and the result is parsed the way a browser parses it (parse5, through cheerio). What
 * a browser would build from it must hold nothing active: only allowlisted elements and
 * attributes, no event handler, no style, no URL with a scheme outside PRODUCT.md#link-schemes (so
 * no javascript:, vbscript: or data:). DOMPurify's expected outputs guide but do not bind:
 * Nestmark's allowlist is narrower, so its output differs.
 */
describe('sanitizeContent against the XSS corpus', () => {
  const payloads = xssCorpusPayloads();

  it('reads every file of the corpus', () => {
    expect(new Set(payloads.map((p) => p.source)).size).toBe(4);
    expect(payloads.length).toBeGreaterThan(500);
  });

  it.each(payloads)('$source: $payload', ({ payload }) => {
    const clean = sanitizeContent(payload);
    expect(activeParts(load(clean, null, false))).toEqual([]);
    // Sanitizing again changes nothing: what a browser re-parses is what was checked.
    expect(sanitizeContent(clean)).toBe(clean);
  });
});

describe('sanitizeContent keeps PRODUCT.md#rich-content unchanged', () => {
  /** Same document once parsed: void elements may be written `<hr>` or `<hr />`. */
  const parsed = (html: string) => load(html, null, false).html();
  const constructs: [string, string][] = [
    [
      'marks',
      '<p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <code>c</code></p>',
    ],
    ['headings 1-6', '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>'],
    ['a code block', '<pre><code class="language-typescript">const a = 1 &lt; 2;\n</code></pre>'],
    ['a plain code block', '<pre><code>x</code></pre>'],
    ['a blockquote', '<blockquote><p>quoted</p></blockquote>'],
    [
      'a bullet list',
      '<ul><li><p>one</p></li><li><p>two</p><ul><li><p>nested</p></li></ul></li></ul>',
    ],
    ['an ordered list', '<ol start="3"><li><p>three</p></li></ol>'],
    [
      'a task list, checked and not, nested',
      '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li>' +
        '<li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p>' +
        '<ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>sub</p></div></li></ul></div></li></ul>',
    ],
    ['a horizontal rule and a line break', '<p>a<br>b</p><hr>'],
    [
      'an uploaded image',
      '<img src="/api/files/AbCdEfGhIjKlMnOpQrStUvWx.webp" alt="a cat" title="Cat">',
    ],
    ['a remote image', '<img src="https://example.com/i.png" alt="" title="t">'],
    [
      'links with every allowed scheme',
      LINK_SCHEMES.map(
        (scheme) =>
          `<a target="_blank" rel="noopener noreferrer nofollow" href="${scheme}:x">${scheme}</a>`,
      ).join(' '),
    ],
    [
      'an unfurling link',
      '<unfurling-link href="https://example.com/a?b=1&amp;c=2" data-title="Example &amp; Co"></unfurling-link>',
    ],
  ];

  it.each(constructs)('%s', (_, html) => {
    expect(parsed(sanitizeContent(html))).toBe(parsed(html));
  });
});
