import { describe, expect, it } from 'vitest';
import { copyFailureText, copyKindOf, type CopyFailure } from './copy-failure.ts';

describe('copyKindOf', () => {
  it('reads HTML and XHTML as articles and PDF as PDF, parameters and case aside', () => {
    expect(copyKindOf('text/html')).toBe('article');
    expect(copyKindOf('Text/HTML; charset=UTF-8')).toBe('article');
    expect(copyKindOf('application/xhtml+xml')).toBe('article');
    expect(copyKindOf('application/pdf')).toBe('pdf');
    expect(copyKindOf(' APPLICATION/PDF ;name=a.pdf')).toBe('pdf');
  });

  it('reads a response without a media type as HTML, as link previews do', () => {
    expect(copyKindOf(null)).toBe('article');
    expect(copyKindOf('')).toBe('article');
  });

  it('refuses anything else with not_html_or_pdf and its media type', () => {
    for (const type of ['image/png', 'text/plain', 'application/json', 'application/x-pdf']) {
      expect(copyKindOf(`${type}; q=1`)).toEqual({
        kind: 'failure',
        reason: 'not_html_or_pdf',
        mediaType: type,
      });
    }
  });
});

describe('copyFailureText', () => {
  const cases: [CopyFailure, string][] = [
    [
      { kind: 'failure', reason: 'blocked_address' },
      'The page is on an address Nestmark does not fetch (a private or local network).',
    ],
    [
      { kind: 'failure', reason: 'too_large', limitBytes: 5 * 1024 * 1024 },
      'The page is larger than the 5 MB a copy may take.',
    ],
    [
      { kind: 'failure', reason: 'too_large', limitBytes: 1.5 * 1024 * 1024 },
      'The page is larger than the 1.5 MB a copy may take.',
    ],
    [
      { kind: 'failure', reason: 'too_large', limitBytes: 512 * 1024 },
      'The page is larger than the 512 KB a copy may take.',
    ],
    [
      { kind: 'failure', reason: 'not_html_or_pdf', mediaType: 'image/png' },
      'The link is neither a web page nor a PDF (it is image/png).',
    ],
    [
      { kind: 'failure', reason: 'not_html_or_pdf', mediaType: null },
      'The link is neither a web page nor a PDF.',
    ],
    [{ kind: 'failure', reason: 'timeout' }, 'The page took too long to answer or to read.'],
    [
      { kind: 'failure', reason: 'http_status', status: 404 },
      'The page answered with HTTP status 404.',
    ],
    [{ kind: 'failure', reason: 'no_readable_content' }, 'No readable text was found on the page.'],
    [
      { kind: 'failure', reason: 'account_full', limitBytes: 1024 * 1024 * 1024 },
      'Your page copies would take more than the 1024 MB an account may use.',
    ],
  ];

  it.each(cases)('$reason', (failure, text) => {
    expect(copyFailureText(failure)).toBe(text);
  });
});
