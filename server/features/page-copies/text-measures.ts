/**
 * Reading speed for reading times, in words a minute: 230, a common estimate for adults reading
 * prose on a screen.
 */
export const WORDS_PER_MINUTE = 230;

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * The words of `text` as Unicode word segmentation finds them (Intl.Segmenter): punctuation and
 * spaces are not words, and text written without spaces (Chinese, Japanese, Thai) counts its
 * dictionary words rather than counting as one.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of words.segment(text)) if (segment.isWordLike) count += 1;
  return count;
}

/** Minutes to read `wordCount` words at {@link WORDS_PER_MINUTE}, rounded up (0 for none). */
export function readingMinutes(wordCount: number): number {
  return Math.ceil(wordCount / WORDS_PER_MINUTE);
}
