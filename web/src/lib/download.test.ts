import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, plain and RFC 5987 forms', () => {
    expect(
      fileNameFromDisposition('attachment; filename="nestmark-bookmarks-2026-11-22.html"'),
    ).toBe('nestmark-bookmarks-2026-11-22.html');
    expect(fileNameFromDisposition('attachment; filename=backup.json')).toBe('backup.json');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.json"; filename*=UTF-8''b%C3%A4ckup.json`,
      ),
    ).toBe('bäckup.json');
  });

  it('is undefined without a file name', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeUndefined();
  });
});
