import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml } from '../../lib/html-charset.ts';
import { CORPUS_DIR } from '../../test/corpus.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { createGuardedFetcher, type LinkFetcher } from './guarded-fetcher.ts';
import { extractMetadata } from './page-metadata.ts';

/*
 * Link previews of real pages: the test corpus (server/test/fixtures/corpus/metadata) served by a local
 * HTTP server on 127.0.0.1, fetched through the SSRF guard (reachable only through its test-only
 * allowance), decoded in the page's charset and read by page-metadata.ts. Pages are served as
 * `text/html` without a charset, so the bytes and their declarations decide, as on a server that
 * does not say.
 */

const METADATA_DIR = join(CORPUS_DIR, 'metadata');

let server: LocalServer;
let fetcher: LinkFetcher;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const path = join(METADATA_DIR, decodeURIComponent(new URL(request.url!, 'http://x').pathname));
    if (!path.startsWith(METADATA_DIR) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    const charset = new URL(request.url!, 'http://x').searchParams.get('charset');
    response.writeHead(200, {
      'content-type': charset ? `text/html; charset=${charset}` : 'text/html',
    });
    response.end(readFileSync(path));
  });
  fetcher = createGuardedFetcher({
    allowAddress: (address, port) => address === '127.0.0.1' && port === server.port,
  });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

/** Fetches a corpus page over HTTP and decodes it as the preview does. */
async function fetchPage(path: string) {
  const page = await fetcher.fetch(`${server.origin}/${path}`, {
    accept: 'text/html',
    maxBytes: 3 * 1024 * 1024,
  });
  return { page, ...decodeHtml(page.body, { transportCharset: page.charset }) };
}

/**
 * The snapshots were written by other tools, so values are compared the way they differ only in
 * form: whitespace collapsed, typographic quotes as plain ones (metascraper turns `'` into `’`),
 * HTML entities the snapshot left encoded decoded (metascraper's github description keeps
 * `&amp;`), and an expected value cut with `…` compared as a prefix (metascraper cuts descriptions
 * at 300 characters; Nestmark keeps 1000).
 */
function comparable(text: string | null): string | null {
  if (text === null) return null;
  return decodeHTML(text).replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
}

function expectSameText(actual: string | null, expected: string | null, label: string) {
  const want = comparable(expected);
  const got = comparable(actual);
  if (want?.endsWith('…'))
    expect(got, label).toMatch(new RegExp(`^${escapeRegExp(want.slice(0, -1).trim())}`));
  else expect(got, label).toBe(want);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Expected values Nestmark does not reproduce, why, and what it gives instead. Metascraper and
 * Readability look beyond the page's declared metadata; a link card shows what the page declares
 * about itself.
 */
type Field = 'title' | 'description' | 'image';
const FIRST_PARAGRAPH = 'Readability uses the first paragraph; the page declares no description';
const DIFFERENT: Record<string, Partial<Record<Field, { why: string; ours: string | null }>>> = {
  'metascraper/astier': {
    image: { why: 'metascraper takes an <img> of the article', ours: null },
  },
  'metascraper/the-register': {
    image: { why: 'metascraper reads the JSON-LD; no og:image is declared', ours: null },
  },
  'metascraper/transistor': {
    image: { why: 'metascraper reads embedded JSON; no image is declared', ours: null },
  },
  'readability/title-en-dash': {
    title: {
      why: 'Readability cuts the site name after a dash; the whole <title> is kept',
      ours: 'Lorem ipsum dolor sit amet – My website',
    },
    description: { why: FIRST_PARAGRAPH, ours: null },
  },
  'readability/base-url-base-element-relative': {
    description: { why: FIRST_PARAGRAPH, ours: null },
  },
  'readability/title-and-h1-discrepancy': { description: { why: FIRST_PARAGRAPH, ours: null } },
};

describe('metadata of the corpus pages, fetched over HTTP', () => {
  const metascraper = readdirSync(join(METADATA_DIR, 'metascraper'))
    .filter((name) => name.endsWith('.expected.json'))
    .map((name) => {
      const expected = JSON.parse(readFileSync(join(METADATA_DIR, 'metascraper', name), 'utf8'));
      const out = expected.expected_metascraper_output;
      return {
        page: `metascraper/${name.replace('.expected.json', '')}`,
        url: expected.source_url as string,
        title: out.title as string | null,
        description: out.description as string | null,
        image: out.image as string | null,
      };
    });
  // Readability's harness reads every page as http://fakehost/test/page.html; it has no image.
  const readability = readdirSync(join(METADATA_DIR, 'readability'))
    .filter((name) => name.endsWith('.expected-metadata.json'))
    .map((name) => {
      const expected = JSON.parse(readFileSync(join(METADATA_DIR, 'readability', name), 'utf8'));
      return {
        page: `readability/${name.replace('.expected-metadata.json', '')}`,
        url: 'http://fakehost/test/page.html',
        title: expected.title as string | null,
        description: expected.excerpt as string | null,
        image: undefined,
      };
    });

  it.each([...metascraper, ...readability])('$page', async (expected) => {
    const { text } = await fetchPage(`${expected.page}.html`);
    // Relative URLs resolve against the page's real address, as the upstream harnesses pass it.
    const metadata = extractMetadata(text, expected.url);
    for (const field of ['title', 'description', 'image'] as const) {
      const different = DIFFERENT[expected.page]?.[field];
      if (different) expect(metadata[field], different.why).toBe(different.ours);
      else if (expected[field] === undefined) continue;
      else if (field === 'image') expect(metadata.image, field).toBe(expected.image);
      // Readability's empty title means "none".
      else expectSameText(metadata[field], expected[field] || null, field);
    }
  });

  it('reads theme colours and ranks icons for a favicon', async () => {
    const github = extractMetadata(
      (await fetchPage('metascraper/github.html')).text,
      'https://github.com/',
    );
    expect(github.color).toBe('#1e2327');
    const register = extractMetadata(
      (await fetchPage('metascraper/the-register.html')).text,
      'https://www.theregister.com/',
    );
    expect(register.color).toBe('#ff0000');
    // An empty theme-color is no colour; the 96 px icon is nearest to 64 px.
    const verge = extractMetadata(
      (await fetchPage('metascraper-logo-favicon/theverge.html')).text,
      'https://www.theverge.com/',
    );
    expect(verge.color).toBeNull();
    expect(verge.icons[0]).toMatch(/96x96/);
    // A broken icon link (src instead of href) declares nothing: the preview falls back to /favicon.ico.
    const liuedu = extractMetadata(
      (await fetchPage('metascraper-logo-favicon/liuedu.html')).text,
      'https://www.liu.edu/',
    );
    expect(liuedu.icons).toEqual([]);
  });
});

describe('charsets of the corpus pages, fetched over HTTP', () => {
  const sniffer = join(METADATA_DIR, 'encoding-sniffer');
  const cases = readdirSync(sniffer).flatMap((group) =>
    readdirSync(join(sniffer, group)).map((file) => ({
      path: `encoding-sniffer/${group}/${file}`,
      // `<case>_<ENCODING>.html`, `bom/<ENCODING>.html`; `utf/` pages declare UTF-16 in a
      // <meta>, which the HTML spec reads as UTF-8.
      encoding:
        group === 'utf'
          ? 'UTF-8'
          : file
              .replace(/\.html$/, '')
              .split('_')
              .at(-1)!,
    })),
  );

  it('finds the cases', () => {
    expect(cases.length).toBe(16);
  });

  it.each(cases)('$path decodes as $encoding', async ({ path, encoding }) => {
    const bytes = readFileSync(join(METADATA_DIR, path));
    const { text } = await fetchPage(path);
    // With nothing declared, an ASCII-only page reads the same in UTF-8 and windows-1252.
    expect(text).toBe(new TextDecoder(encoding).decode(bytes));
  });

  it('decodes pages that declare a legacy charset but are UTF-8, and honours the HTTP charset', async () => {
    const pikabu = await fetchPage('metascraper/pikabu.html');
    expect(pikabu.encoding).toBe('UTF-8');
    expect(extractMetadata(pikabu.text, 'https://pikabu.ru/').title).toBe(
      'Интересные наблюдения о первой Матрице',
    );
    const qq = await fetchPage('readability/qq.html');
    expect(extractMetadata(qq.text, 'https://qq.com/').title).toMatch(/^DeepMind新电脑/);

    // A KOI8-R page whose HTTP header says windows-1252: the transport wins, as in a browser.
    const koi8 = await fetchPage(
      'encoding-sniffer/normal/charset_KOI8-R.html?charset=windows-1252',
    );
    expect(koi8.encoding).toBe('windows-1252');
  });
});
