/*
 * U+0000 (NUL) in text. PostgreSQL's text types cannot hold it (SQLite can), so both databases
 * would answer differently. The rule (docs/API.md, request input): request text that holds a NUL
 * is refused with a 400 naming the field; imported files drop their NUL characters, since a
 * browser's export should import whole.
 */

/** The message of a field whose text holds a NUL. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** `text` without its NUL characters. */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/**
 * The paths (dotted, e.g. `tag_names.1`; `''` for `value` itself) of every string in `value`, a
 * parsed JSON value, query or path parameters, that holds a NUL. Walks with an explicit stack: a
 * request may nest deeper than is safe to recurse.
 */
export function pathsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        pending.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return found.reverse();
}

/**
 * `JSON.parse` of `text` with the NUL characters of every string dropped, raw or written as the
 * escape `\u0000` (only then is each string checked). @throws SyntaxError as `JSON.parse`
 */
export function parseJsonWithoutNul(text: string): unknown {
  const raw = withoutNul(text);
  return /\\u0000/i.test(raw)
    ? JSON.parse(raw, (_key, item: unknown) => (typeof item === 'string' ? withoutNul(item) : item))
    : JSON.parse(raw);
}
