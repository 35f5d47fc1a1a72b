import { describe, expect, it } from 'vitest';
import { DEFAULT_COPY_CAPS } from './copy-caps.ts';
import { pdfOf } from '../../test/hand-written-pdf.ts';
import { extractPdfText } from './pdf-text.ts';

describe('extractPdfText', () => {
  it('gives the text of every page in order, its words, pages and title', async () => {
    const bytes = pdfOf(['Hello brave new world', 'Second page,   three words'], ' A  Title ');
    expect(await extractPdfText(bytes, DEFAULT_COPY_CAPS)).toEqual({
      kind: 'pdf',
      title: 'A Title',
      text: 'Hello brave new world Second page, three words',
      wordCount: 8,
      readingMinutes: 1,
      pageCount: 2,
    });
  });

  it('leaves the caller its bytes', async () => {
    const bytes = pdfOf(['Some text']);
    const before = Buffer.from(bytes);
    await extractPdfText(bytes, DEFAULT_COPY_CAPS);
    expect(Buffer.from(bytes).equals(before)).toBe(true);
  });

  it('has no title when the document names none', async () => {
    const copy = await extractPdfText(pdfOf(['Some text']), DEFAULT_COPY_CAPS);
    expect(copy).toMatchObject({ kind: 'pdf', title: null, pageCount: 1 });
  });

  it('counts reading minutes at 230 words a minute, rounded up', async () => {
    // Ten words a line: 200 words on the first page, 31 on the second.
    const words = (count: number) =>
      Array.from({ length: count }, (_, i) => `w${i}${i % 10 === 9 ? '\n' : ' '}`).join('');
    const copy = await extractPdfText(pdfOf([words(200), words(31)]), DEFAULT_COPY_CAPS);
    expect(copy).toMatchObject({ wordCount: 231, readingMinutes: 2 });
  });

  it('fails with too_large over the PDF cap, before reading', async () => {
    const bytes = pdfOf(['Hello world']);
    const caps = { ...DEFAULT_COPY_CAPS, pdfBytes: bytes.byteLength - 1 };
    expect(await extractPdfText(bytes, caps)).toEqual({
      kind: 'failure',
      reason: 'too_large',
      limitBytes: bytes.byteLength - 1,
    });
    const atCap = { ...DEFAULT_COPY_CAPS, pdfBytes: bytes.byteLength };
    expect((await extractPdfText(bytes, atCap)).kind).toBe('pdf');
  });

  it('fails with too_large when the text is over the readable cap', async () => {
    const bytes = pdfOf(['0123456789', 'abcdefghij']);
    expect(await extractPdfText(bytes, { ...DEFAULT_COPY_CAPS, readableBytes: 15 })).toEqual({
      kind: 'failure',
      reason: 'too_large',
      limitBytes: 15,
    });
    expect((await extractPdfText(bytes, { ...DEFAULT_COPY_CAPS, readableBytes: 20 })).kind).toBe(
      'pdf',
    );
  });

  it('fails with no_readable_content for a file that is not a PDF or has no text', async () => {
    const none = { kind: 'failure', reason: 'no_readable_content' };
    const notPdf = new TextEncoder().encode('<html><body>Not a PDF</body></html>');
    expect(await extractPdfText(notPdf, DEFAULT_COPY_CAPS)).toEqual(none);
    expect(await extractPdfText(new Uint8Array(), DEFAULT_COPY_CAPS)).toEqual(none);
    expect(await extractPdfText(pdfOf(['   ']), DEFAULT_COPY_CAPS)).toEqual(none);
  });
});
