import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { LINK_SCHEMES } from '../../contract/posts.ts';
import { CORPUS_DIR } from './corpus.ts';

/*
 * The XSS payloads of the test corpus (fixtures/corpus/xss: DOMPurify's test cases, OWASP's filter
 * evasion cheat sheet, PayloadsAllTheThings' polyglots and intruder list), and the check that
 * sanitized HTML, parsed as a browser parses it, holds nothing active. Used by the tests of post
 * content and of readable page copies, which go through the same sanitizer.
 */
const xssCorpus = (name: string) => readFileSync(join(CORPUS_DIR, 'xss', name), 'utf8');

/** Every payload of the corpus's four files, with the file it came from. */
export function xssCorpusPayloads(): { source: string; payload: string }[] {
  const dompurify = JSON.parse(xssCorpus('dompurify-expect.json')) as { payload: string }[];
  const owasp = JSON.parse(xssCorpus('owasp-xss-filter-evasion-vectors.json')) as {
    vector: string;
  }[];
  const lines = (name: string) =>
    xssCorpus(name)
      .split('\n')
      .filter((line) => line.trim())
      .map((payload) => ({ source: name, payload }));
  return [
    ...dompurify.map(({ payload }) => ({ source: 'dompurify', payload })),
    ...owasp.map(({ vector }) => ({ source: 'owasp', payload: vector })),
    ...lines('patt-XSS_Polyglots.txt'),
    ...lines('patt-IntrudersXSS.txt'),
  ];
}

/** Elements and their attributes a sanitized post may contain (PRODUCT.md#rich-content). */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: ['data-type'],
  ol: ['start'],
  li: ['data-type', 'data-checked'],
  label: [],
  input: ['type', 'checked'],
  div: [],
  span: [],
  hr: [],
  img: ['src', 'alt', 'title'],
  a: ['href', 'target', 'rel'],
  'unfurling-link': ['href', 'data-title'],
};

/** The scheme of a URL as a browser reads it (whitespace and control characters ignored). */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1] ?? null;
}

/** Everything a browser would build from `html` that could run code or restyle the page. */
export function activeParts($: CheerioAPI): string[] {
  const problems: string[] = [];
  $('*').each((_, element) => {
    // Every element, <script> and <style> too (domhandler gives those a type other than 'tag').
    if (!('attribs' in element)) return;
    const name = element.name;
    const allowed = ALLOWED[name];
    if (!allowed) problems.push(`element <${name}>`);
    for (const [attribute, value] of Object.entries(element.attribs)) {
      if (!allowed?.includes(attribute)) problems.push(`<${name} ${attribute}>`);
      if (/^on/i.test(attribute) || attribute === 'style')
        problems.push(`${attribute} on <${name}>`);
      if (attribute === 'href' || attribute === 'src') {
        const scheme = schemeOf(value);
        const schemes = name === 'img' ? ['http', 'https'] : LINK_SCHEMES;
        if (scheme !== null && !schemes.includes(scheme))
          problems.push(`${scheme}: in <${name} ${attribute}>`);
        if (value.trim().startsWith('//'))
          problems.push(`protocol-relative <${name} ${attribute}>`);
      }
      if (name === 'input' && attribute === 'type' && value !== 'checkbox')
        problems.push(`<input type=${value}>`);
      if (name === 'code' && attribute === 'class' && !/^language-[\w-]+$/.test(value)) {
        problems.push(`<code class="${value}">`);
      }
    }
  });
  return problems;
}
