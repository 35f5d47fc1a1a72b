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
}

/**
 * pdf.js, loaded with the first PDF rather than at start: it takes most of a second to import
 * (OPERATIONS.md#start-time-and-memory). The legacy build is the one made for Node.
 */
const loadPdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

/** pdf.js logs errors only (its VerbosityLevel.ERRORS). */
const PDFJS_ERRORS_ONLY = 0;

/**
 * The text of a PDF, page by page, with pdf.js. Nothing in the file runs (no font programs
 * compiled by `eval`) or is fetched. `bytes` are copied first: pdf.js takes over the buffer it
 * is given.
 *
 * Fails with 'too_large' when the file is over `caps.pdfBytes` (before it is read) or its text
 * over `caps.readableBytes` (reading stops there), and 'no_readable_content' when the file is not
 * a PDF pdf.js can open (damaged, password-protected) or has no text (a scan).
 */
export async function extractPdfText(
  bytes: Uint8Array,
  caps: Pick<CopyCaps, 'pdfBytes' | 'readableBytes'>,
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
    return {
      kind: 'pdf',
      title: typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() || null : null,
      text,
      wordCount,
      readingMinutes: readingMinutes(wordCount),
      pageCount: pdf.numPages,
    };
  } finally {
    await task.destroy();
  }
}
