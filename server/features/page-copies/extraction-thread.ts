import { decodeHtml } from '../../lib/html-charset.ts';
import type { CopyCaps } from './copy-caps.ts';
import type { CopyFailure } from './copy-failure.ts';
import { snapshotHtml } from './page-snapshot.ts';
import { extractPdfText, type PdfCopy } from './pdf-text.ts';
import { readReadableCopy, type ArticleCopy } from './readable-copy.ts';

/*
 * What runs on the extraction pool's threads (extraction-pool.ts), off the thread that answers
 * requests: the CPU-heavy part of a page copy. Its input and answer cross threads by structured
 * clone: Buffers arrive as plain Uint8Arrays.
 */

/** A fetched page to read: its bytes as fetched and what the fetch said of them. */
export interface ExtractionTask {
  kind: 'article' | 'pdf';
  bytes: Uint8Array;
  /** The HTTP Content-Type's charset, if any. */
  charset: string | null;
  /** The URL the page was finally fetched from (after redirects). */
  pageUrl: string;
  caps: CopyCaps;
  /** Draw a PDF's first page too (pdf-text.ts, PdfCopy.firstPage). */
  firstPage: boolean;
}

/**
 * A page read: its copy, and for an article the HTML its snapshot keeps (page-snapshot.ts); or why
 * there is no copy.
 */
export type Extraction =
  { copy: ArticleCopy; snapshotHtml: string } | { copy: PdfCopy; snapshotHtml: null } | CopyFailure;

/**
 * Reads a page (Piscina calls the default export): an HTML page's readable copy
 * (readable-copy.ts) and, once that succeeded, its snapshot's HTML; a PDF's text and, when asked,
 * its first page drawn (pdf-text.ts).
 */
export default async function extractPage(task: ExtractionTask): Promise<Extraction> {
  if (task.kind === 'pdf') {
    const copy = await extractPdfText(task.bytes, task.caps, { firstPage: task.firstPage });
    return copy.kind === 'failure' ? copy : { copy, snapshotHtml: null };
  }
  const copy = await readReadableCopy(task.bytes, task.charset, task.pageUrl, task.caps);
  if (copy.kind === 'failure') return copy;
  // An HTML snapshot is kept in UTF-8, as it is served: its own charset is known only now.
  const html = decodeHtml(task.bytes, { transportCharset: task.charset }).text;
  return { copy, snapshotHtml: await snapshotHtml(html, task.pageUrl) };
}
