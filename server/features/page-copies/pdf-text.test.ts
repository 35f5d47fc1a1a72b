import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COPY_CAPS } from './copy-caps.ts';
import { pdfOf } from '../../test/hand-written-pdf.ts';
import { extractPdfText, FIRST_PAGE_MAX_HEIGHT, FIRST_PAGE_WIDTH } from './pdf-text.ts';

/** The darkest value of any channel in `png`'s rows from `top`, `height` rows (255: all white). */
async function darkest(png: Buffer, top: number, height: number): Promise<number> {
  const { width } = await sharp(png).metadata();
  const pixels = await sharp(png)
    .extract({ left: 0, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer();
  return pixels.reduce((least, value) => Math.min(least, value), 255);
}

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

  describe('with the first page drawn', () => {
    it('draws it as a PNG 400 px wide, in proportion, text on white', async () => {
      const copy = await extractPdfText(
        pdfOf(['Hello brave new world', 'Second page']),
        DEFAULT_COPY_CAPS,
        { firstPage: true },
      );
      if (copy.kind !== 'pdf' || !copy.firstPage) throw new Error('no first page drawn');
      expect(FIRST_PAGE_WIDTH).toBe(400);
      // US Letter, 612 × 792 points: 400 × 517.6 pixels.
      expect(await sharp(copy.firstPage).metadata()).toMatchObject({
        format: 'png',
        width: 400,
        height: 518,
      });
      // The text, an inch (47 px) from the top, is drawn; the bottom half is blank paper.
      expect(await darkest(copy.firstPage, 40, 20)).toBeLessThan(128);
      expect(await darkest(copy.firstPage, 259, 259)).toBe(255);
      // The text is kept as without the drawing.
      expect(copy).toMatchObject({ text: 'Hello brave new world Second page', pageCount: 2 });
    });

    it('draws a page far longer than wide from its top, at most 1,600 px high', async () => {
      const copy = await extractPdfText(
        pdfOf(['A long scroll'], undefined, { width: 612, height: 20 * 792 }),
        DEFAULT_COPY_CAPS,
        { firstPage: true },
      );
      if (copy.kind !== 'pdf' || !copy.firstPage) throw new Error('no first page drawn');
      expect(FIRST_PAGE_MAX_HEIGHT).toBe(1600);
      expect(await sharp(copy.firstPage).metadata()).toMatchObject({ width: 400, height: 1600 });
      expect(await darkest(copy.firstPage, 40, 20)).toBeLessThan(128);
    });

    it('draws nothing unless asked', async () => {
      const copy = await extractPdfText(pdfOf(['Some text']), DEFAULT_COPY_CAPS);
      expect(copy).not.toHaveProperty('firstPage');
    });
  });
});
