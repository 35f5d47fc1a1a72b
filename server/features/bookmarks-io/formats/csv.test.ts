import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvTable } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks (RFC 4180)', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nnext,,end\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['next', '', 'end'],
    ]);
  });

  it('keeps a quote inside an unquoted field, and reads a last line without a line break', () => {
    expect(parseCsv('5" disk,x\ny,"z"')).toEqual([
      ['5" disk', 'x'],
      ['y', 'z'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('only')).toEqual([['only']]);
  });
});

describe('readCsvTable', () => {
  it('keys records by their lower-cased column names and drops blank lines', () => {
    expect(readCsvTable('URL, Title\nhttps://a.example/,A\n\n,\n', ['url', 'title'])).toEqual([
      { url: 'https://a.example/', title: 'A' },
    ]);
  });

  it('is undefined when a required column is missing', () => {
    expect(readCsvTable('url,name\nx,y', ['url', 'title'])).toBeUndefined();
  });
});
