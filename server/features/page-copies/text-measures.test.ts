import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, WORDS_PER_MINUTE } from './text-measures.ts';

describe('countWords', () => {
  it('counts words, not punctuation or spaces', () => {
    expect(countWords('Hello, world!  It’s 3 o’clock — time to go.')).toBe(8);
    expect(countWords('')).toBe(0);
    expect(countWords(' … — ! ')).toBe(0);
  });

  it('finds the words of text written without spaces', () => {
    // "DeepMind's new computer can already learn by itself using memory": more than one word.
    expect(countWords('DeepMind新电脑已可利用记忆自学')).toBeGreaterThan(5);
  });
});

describe('readingMinutes', () => {
  it('is words over 230, rounded up', () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(4600)).toBe(20);
  });
});
