import { afterAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../../test/hand-written-pdf.ts';
import { DEFAULT_COPY_CAPS } from './copy-caps.ts';
import { createExtractionPool } from './extraction-pool.ts';
import type { ExtractionTask } from './extraction-thread.ts';
import { extractPdfText } from './pdf-text.ts';
import { readReadableCopy } from './readable-copy.ts';

const PAGE_URL = 'https://example.com/blog/post.html';
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="windows-1252">
<title>On threads</title></head><body><nav><a href="/">Home</a></nav><article><h1>On threads</h1>
${Array.from({ length: 6 }, (_, n) => `<p>Paragraph ${n} says caf\u00e9 and more words, enough of them for an article to be found here.</p>`).join('')}
<img src="picture.png"></article></body></html>`;
// The page as a server in Windows-1252 sends it: é is one byte, 0xE9.
const ARTICLE_BYTES = Buffer.from(ARTICLE, 'latin1');

const task = (fields: Partial<ExtractionTask>): ExtractionTask => ({
  kind: 'article',
  bytes: ARTICLE_BYTES,
  charset: null,
  pageUrl: PAGE_URL,
  caps: DEFAULT_COPY_CAPS,
  firstPage: false,
  ...fields,
});

describe('the extraction pool, with extraction-thread.ts', () => {
  const pool = createExtractionPool({ threads: 2 });
  afterAll(() => pool.close());

  it("reads an article on a thread as on this one, with its snapshot's HTML in UTF-8", async () => {
    const read = await pool.extract(task({}));
    if ('reason' in read) throw new Error(`no copy: ${read.reason}`);
    expect(read.copy).toEqual(
      await readReadableCopy(ARTICLE_BYTES, null, PAGE_URL, DEFAULT_COPY_CAPS),
    );
    expect(read.copy.text).toContain('says café');
    expect(read.snapshotHtml).toContain(`<base href="${PAGE_URL}">`);
    expect(read.snapshotHtml).toContain('says café');
  });

  it("reads a PDF's text and draws its first page when asked", async () => {
    const bytes = pdfOf(['Hello brave new world']);
    const read = await pool.extract(task({ kind: 'pdf', bytes, firstPage: true }));
    if ('reason' in read) throw new Error(`no copy: ${read.reason}`);
    const { firstPage, ...copy } = read.copy as typeof read.copy & { firstPage?: Uint8Array };
    const { firstPage: _drawn, ...here } = (await extractPdfText(bytes, DEFAULT_COPY_CAPS)) as {
      firstPage?: Buffer;
    };
    expect(copy).toEqual(here);
    expect(read.snapshotHtml).toBeNull();
    // A PNG's signature.
    expect(Buffer.from(firstPage!).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('answers why there is no copy as the extractors do', async () => {
    expect(await pool.extract(task({ kind: 'pdf', bytes: Buffer.from('Not a PDF') }))).toEqual({
      kind: 'failure',
      reason: 'no_readable_content',
    });
    expect(
      await pool.extract(task({ caps: { ...DEFAULT_COPY_CAPS, rawBytes: 10 } })),
    ).toMatchObject({ kind: 'failure', reason: 'too_large', limitBytes: 10 });
  });
});

describe('a reading over the time limit', () => {
  // A stand-in thread module whose "stuck" pages never end, given one thread.
  const pool = createExtractionPool({
    threads: 1,
    timeLimitMs: 1000,
    filename: new URL('../../test/stuck-extraction-thread.mjs', import.meta.url).href,
  });
  afterAll(() => pool.close());

  it("fails as 'timeout', and the pool reads on with a new thread", async () => {
    expect(await pool.extract(task({ pageUrl: 'https://example.com/stuck' }))).toEqual({
      kind: 'failure',
      reason: 'timeout',
    });
    expect(await pool.extract(task({}))).toEqual({
      kind: 'failure',
      reason: 'no_readable_content',
    });
  });
});
