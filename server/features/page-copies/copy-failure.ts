/**
 * Why a page has no copy. Each reason has one user-facing text ({@link copyFailureText}); the
 * fields beside it are what the text needs:
 * - blocked_address: the address, or a redirect, leads to a private, local or otherwise refused
 *   host;
 * - too_large: the page, its readable copy or its PDF is over a cap (copy-caps.ts), `limitBytes`;
 * - not_html_or_pdf: the answer is neither, `mediaType` (without parameters) says what it is;
 * - timeout: the fetch, or reading what it fetched (extraction-pool.ts), did not end within its
 *   time limit;
 * - http_status: the server answered with the error `status`;
 * - no_readable_content: no article in the HTML, no text in the PDF, or a damaged PDF;
 * - account_full: the account's copies would take more than `limitBytes` together (COPIES_MAX_MB).
 */
export type CopyFailure = { kind: 'failure' } & (
  | { reason: 'blocked_address' }
  | { reason: 'too_large'; limitBytes: number }
  | { reason: 'not_html_or_pdf'; mediaType: string | null }
  | { reason: 'timeout' }
  | { reason: 'http_status'; status: number }
  | { reason: 'no_readable_content' }
  | { reason: 'account_full'; limitBytes: number }
);

/** `bytes` in megabytes to one decimal (1 MB = 1024 × 1024 bytes), under 1 MB in whole kilobytes. */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The sentence shown to the user for a failure, e.g. "The page answered with HTTP status 404." */
export function copyFailureText(failure: CopyFailure): string {
  switch (failure.reason) {
    case 'blocked_address':
      return 'The page is on an address Nestmark does not fetch (a private or local network).';
    case 'too_large':
      return `The page is larger than the ${sizeText(failure.limitBytes)} a copy may take.`;
    case 'not_html_or_pdf':
      return failure.mediaType === null
        ? 'The link is neither a web page nor a PDF.'
        : `The link is neither a web page nor a PDF (it is ${failure.mediaType}).`;
    case 'timeout':
      return 'The page took too long to answer or to read.';
    case 'http_status':
      return `The page answered with HTTP status ${failure.status}.`;
    case 'no_readable_content':
      return 'No readable text was found on the page.';
    case 'account_full':
      return `Your page copies would take more than the ${sizeText(failure.limitBytes)} an account may use.`;
  }
}

/** Which extractor reads a page: readable-copy.ts for HTML, pdf-text.ts for PDF. */
export type CopyKind = 'article' | 'pdf';

const KINDS: Record<string, CopyKind> = {
  'text/html': 'article',
  'application/xhtml+xml': 'article',
  'application/pdf': 'pdf',
};

/**
 * The extractor for a response's Content-Type (parameters and case ignored). A response without
 * one is read as HTML, as link previews read it; anything else fails with 'not_html_or_pdf'.
 */
export function copyKindOf(contentType: string | null): CopyKind | CopyFailure {
  const mediaType = contentType?.split(';', 1)[0]!.trim().toLowerCase() || null;
  if (mediaType === null) return 'article';
  return KINDS[mediaType] ?? { kind: 'failure', reason: 'not_html_or_pdf', mediaType };
}
