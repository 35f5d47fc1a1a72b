/**
 * The longest prefix of `text` with at most `max` UTF-16 units that does not split a surrogate
 * pair (names and titles cut to their column's limit).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const splitsPair = code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}
