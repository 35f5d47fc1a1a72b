import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { csvHeaderHas, readCsvTable } from './csv.ts';

describe('readCsvTable', () => {
  it('keys records by their lower-cased, trimmed column names and drops blank lines', () => {
    expect(readCsvTable('URL, Title\nhttps://a.example/,A\n\n,\n', ['url', 'title'])).toEqual([
      { url: 'https://a.example/', title: 'A' },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and any line ending', () => {
    const text =
      'url,title,note\r\nhttps://a.example/,"b, c","say ""hi"""\nhttps://b.example/,"two\nlines",x\rhttps://c.example/,5" disk,y';
    expect(readCsvTable(text, ['url', 'title', 'note'])).toEqual([
      { url: 'https://a.example/', title: 'b, c', note: 'say "hi"' },
      { url: 'https://b.example/', title: 'two\nlines', note: 'x' },
      { url: 'https://c.example/', title: '5" disk', note: 'y' },
    ]);
  });

  it('skips a byte order mark before the header', () => {
    expect(readCsvTable('\uFEFFurl,title\nhttps://a.example/,A\n', ['url'])).toEqual([
      { url: 'https://a.example/', title: 'A' },
    ]);
  });

  it('fills the missing fields of a short record with "" and ignores the extra ones of a long one', () => {
    expect(
      readCsvTable('url,title,tags\nhttps://a.example/\nhttps://b.example/,B,t,extra\n', ['url']),
    ).toEqual([
      { url: 'https://a.example/', title: '', tags: '' },
      { url: 'https://b.example/', title: 'B', tags: 't' },
    ]);
  });

  it('is undefined when a required column is missing, or the file is empty', () => {
    expect(readCsvTable('url,name\nx,y', ['url', 'title'])).toBeUndefined();
    expect(readCsvTable('', ['url'])).toBeUndefined();
  });

  it('refuses a file whose quoted field never closes with a 422 naming the row', () => {
    const read = () =>
      readCsvTable('url,title\nhttps://a.example/,A\nhttps://b.example/,"B\n', ['url']);
    expect(read).toThrow(AppError);
    expect(read).toThrow(
      expect.objectContaining({
        statusCode: 422,
        message:
          'This CSV file is damaged: a quoted field in row 3 is never closed (a double quote opens it, none ends it).',
      }),
    );
  });
});

describe('csvHeaderHas', () => {
  it('looks at the first line only, ignoring case, spaces and the rest of the file', () => {
    expect(csvHeaderHas(' Title ,URL,time_added\r\nx,"unclosed', ['title', 'url'])).toBe(true);
    expect(csvHeaderHas('title,url', ['title', 'url', 'tags'])).toBe(false);
    expect(csvHeaderHas('<!DOCTYPE NETSCAPE-Bookmark-file-1>', ['url'])).toBe(false);
  });

  it('is false for a first line that is not CSV', () => {
    expect(csvHeaderHas('"url,title\nx,y', ['url', 'title'])).toBe(false);
  });
});
