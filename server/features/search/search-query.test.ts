import { describe, expect, it } from 'vitest';
import { foldCase, isEmptyQuery, parseSearchQuery } from './search-query.ts';

describe('parseSearchQuery', () => {
  it('folds case and keeps words and phrases to include', () => {
    expect(parseSearchQuery('Zürich "Big Apple" zon')).toEqual({
      include: ['zürich', 'big apple', 'zon'],
      exclude: [],
      tags: [],
    });
  });

  it('reads -word, -"phrase", tag: and type:', () => {
    expect(parseSearchQuery('rust -async -"hello world" tag:Tea type:link')).toEqual({
      include: ['rust'],
      exclude: ['async', 'hello world'],
      tags: ['tea'],
      type: 'link',
    });
    expect(parseSearchQuery('tag:"tea time"').tags).toEqual(['tea time']);
  });

  it('reads in:page and -in:page, in any case; other in: values are text', () => {
    expect(parseSearchQuery('rust in:page')).toEqual({
      include: ['rust'],
      exclude: [],
      tags: [],
      page: 'only',
    });
    expect(parseSearchQuery('rust -IN:Page').page).toBe('exclude');
    expect(parseSearchQuery('in:pages in:"page"')).toEqual({
      include: ['in:pages'],
      exclude: [],
      tags: [],
      page: 'only',
    });
  });

  it('reads is:favorite, in any case, with other terms', () => {
    expect(parseSearchQuery('rust IS:Favorite tag:tea')).toEqual({
      include: ['rust'],
      exclude: [],
      tags: ['tea'],
      favorite: true,
    });
    expect(isEmptyQuery(parseSearchQuery('is:favorite'))).toBe(false);
    // Negated, or of another value: text, like other operators.
    expect(parseSearchQuery('-is:favorite is:pinned')).toEqual({
      include: ['is:pinned'],
      exclude: ['is:favorite'],
      tags: [],
    });
  });

  it('treats unknown operators, bad types and unclosed quotes as text', () => {
    expect(parseSearchQuery('site:example.com type:image "open').include).toEqual([
      'site:example.com',
      'type:image',
      '"open',
    ]);
  });

  it('returns nothing to match for blank input', () => {
    expect(parseSearchQuery('   ')).toEqual({ include: [], exclude: [], tags: [] });
  });

  it('handles non-Latin scripts', () => {
    expect(parseSearchQuery('東京 ΑΘΗΝΑ').include).toEqual(['東京', 'αθηνα']);
  });
});

describe('foldCase', () => {
  it("lower-cases as Unicode's default, whatever the locale: final sigma, dotted I, sharp s", () => {
    expect(foldCase('ΟΔΟΣ ΣΑΣ İstanbul IŞIK ẞ Ǆ')).toBe('οδος σας i̇stanbul işik ß ǆ');
    expect(foldCase('ΟΔΟΣ ΣΑΣ İstanbul IŞIK ẞ Ǆ')).toBe(
      'ΟΔΟΣ ΣΑΣ İstanbul IŞIK ẞ Ǆ'.toLocaleLowerCase('und'),
    );
  });
});
