const numbers = new Intl.NumberFormat('en');

/** A count with thousands separated: `12,345`. */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/** A count and what it counts: `1 post`, `12,345 posts` (`many` for irregular plurals). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
