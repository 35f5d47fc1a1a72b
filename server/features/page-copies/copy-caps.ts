import type { Config } from '../../config.ts';
import type { CopyFailure } from './copy-failure.ts';

const MB = 1024 * 1024;

/** Default largest page body a copy is made of, in bytes (5 MB), HTML or not. */
export const DEFAULT_RAW_BYTES = 5 * MB;
/** Default largest readable copy kept, in bytes of its sanitised HTML or its text (1 MB). */
export const DEFAULT_READABLE_BYTES = 1 * MB;
/** Default largest PDF whose text is extracted, in bytes (20 MB). */
export const DEFAULT_PDF_BYTES = 20 * MB;

/** The size limits of page copies, all in bytes; over one, the copy is skipped ('too_large'). */
export interface CopyCaps {
  /** Largest page body (the HTML as fetched, before decoding), also the snapshot's limit. */
  rawBytes: number;
  /** Largest readable copy: the sanitised HTML of an article, the text of an article or a PDF. */
  readableBytes: number;
  /** Largest PDF read for its text. */
  pdfBytes: number;
}

export const DEFAULT_COPY_CAPS: Readonly<CopyCaps> = {
  rawBytes: DEFAULT_RAW_BYTES,
  readableBytes: DEFAULT_READABLE_BYTES,
  pdfBytes: DEFAULT_PDF_BYTES,
};

/** The copy limits a server was configured with (COPIES_PAGE_MAX_MB, …_READABLE_…, …_PDF_…). */
export function copyCapsOf(
  config: Pick<Config, 'copyPageMaxBytes' | 'copyReadableMaxBytes' | 'copyPdfMaxBytes'>,
): CopyCaps {
  return {
    rawBytes: config.copyPageMaxBytes,
    readableBytes: config.copyReadableMaxBytes,
    pdfBytes: config.copyPdfMaxBytes,
  };
}

/** The 'too_large' failure when `byteLength` is over `limitBytes`, else null. */
export function overCap(byteLength: number, limitBytes: number): CopyFailure | null {
  return byteLength > limitBytes ? { kind: 'failure', reason: 'too_large', limitBytes } : null;
}
