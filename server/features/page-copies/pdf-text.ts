import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { overCap, type CopyCaps } from './copy-caps.ts';
import type { CopyFailure } from './copy-failure.ts';
import { countWords, readingMinutes } from './text-measures.ts';

/** The copy of a PDF: its text, kept like an article's. */
export interface PdfCopy {
  kind: 'pdf';
  /** The document's own title (its Info dictionary), white space collapsed; null when none. */
  title: string | null;
  /** Every page's text in order, on one line (white space collapsed). */
  text: string;
  wordCount: number;
  /** At text-measures.ts' reading speed, rounded up. */
  readingMinutes: number;
  pageCount: number;
  /**
   * The first page drawn as a PNG, FIRST_PAGE_WIDTH pixels wide (its height in proportion, at
   * most FIRST_PAGE_MAX_HEIGHT: a longer page is drawn from its top); only when asked for and the
   * page could be drawn.
   */
  firstPage?: Buffer;
}

/** Width of the first page's drawing: the link thumbnail's (PRODUCT.md#limits, 400 px). */
export const FIRST_PAGE_WIDTH = 400;
/** Its greatest height, so that a page much longer than wide stays a small picture. */
export const FIRST_PAGE_MAX_HEIGHT = 4 * FIRST_PAGE_WIDTH;

/**
 * pdf.js, loaded with the first PDF rather than at start: it takes most of a second to import
 * (OPERATIONS.md#start-time-and-memory). The legacy build is the one made for Node.
 */
const loadPdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

/** pdf.js logs errors only (its VerbosityLevel.ERRORS). */
const PDFJS_ERRORS_ONLY = 0;

/**
 * pdf.js's own data for the 14 standard fonts, which a PDF may use without embedding them: read
 * from its package's directory (a path ending in '/', as pdf.js asks), so a drawn page shows
 * their text.
 */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The canvas pdf.js draws on in Node (@napi-rs/canvas, the one its Node build uses itself),
 * loaded with the first page drawn.
 */
const loadCanvas = () => import('@napi-rs/canvas');

/**
 * The first page of `pdf` drawn on white as a PNG, FIRST_PAGE_WIDTH wide, or undefined when it
 * cannot be drawn (no usable page size, a drawing error).
 */
async function drawFirstPage(pdf: PDFDocumentProxy): Promise<Buffer | undefined> {
  try {
    const page = await pdf.getPage(1);
    const { width } = page.getViewport({ scale: 1 });
    if (!(width > 0)) return undefined;
    const viewport = page.getViewport({ scale: FIRST_PAGE_WIDTH / width });
    const height = Math.min(FIRST_PAGE_MAX_HEIGHT, Math.max(1, Math.round(viewport.height)));
    const { createCanvas } = await loadCanvas();
    const canvas = createCanvas(FIRST_PAGE_WIDTH, height);
    // pdf.js types its canvas as the DOM's; in Node it draws on this one (its NodeCanvasFactory).
    type RenderCanvas = Parameters<typeof page.render>[0]['canvas'];
    await page.render({ canvas: canvas as unknown as RenderCanvas, viewport }).promise;
    page.cleanup();
    return await canvas.encode('png');
  } catch {
    return undefined;
  }
}

/**
 * The text of a PDF, page by page, with pdf.js, and with `options.firstPage` its first page drawn
 * (see PdfCopy.firstPage; a page that cannot be drawn leaves the text as it is). Nothing in the
 * file runs (no font programs compiled by `eval`) or is fetched (fonts not embedded are pdf.js's
 * own standard ones). `bytes` are copied first: pdf.js takes over the buffer it is given.
 *
 * Fails with 'too_large' when the file is over `caps.pdfBytes` (before it is read) or its text
 * over `caps.readableBytes` (reading stops there), and 'no_readable_content' when the file is not
 * a PDF pdf.js can open (damaged, password-protected) or has no text (a scan).
 */
export async function extractPdfText(
  bytes: Uint8Array,
  caps: Pick<CopyCaps, 'pdfBytes' | 'readableBytes'>,
  options: { firstPage?: boolean } = {},
): Promise<PdfCopy | CopyFailure> {
  const tooLarge = overCap(bytes.byteLength, caps.pdfBytes);
  if (tooLarge) return tooLarge;
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: PDFJS_ERRORS_ONLY,
  });
  try {
    const pdf = await task.promise.catch(() => null);
    if (!pdf) return { kind: 'failure', reason: 'no_readable_content' };
    const { info } = await pdf.getMetadata();
    const pages: string[] = [];
    let textBytes = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const pageText = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      pages.push(pageText);
      textBytes += Buffer.byteLength(pageText);
      const overText = overCap(textBytes, caps.readableBytes);
      if (overText) return overText;
    }
    const text = pages.join('\n').replace(/\s+/g, ' ').trim();
    if (!text) return { kind: 'failure', reason: 'no_readable_content' };
    const wordCount = countWords(text);
    const title = (info as { Title?: unknown }).Title;
    const firstPage = options.firstPage ? await drawFirstPage(pdf) : undefined;
    return {
      kind: 'pdf',
      title: typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() || null : null,
      text,
      wordCount,
      readingMinutes: readingMinutes(wordCount),
      pageCount: pdf.numPages,
      ...(firstPage && { firstPage }),
    };
  } finally {
    await task.destroy();
  }
}
