/*
 * Dates as the web app shows them, in the reader's locale and time zone: one look everywhere
 * (a post's saved day, a token's or a feed token's dates).
 */

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant (ISO 8601) as its local day, e.g. "26 Nov 2026" (or "Nov 26, 2026"). */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** An instant (ISO 8601) as its local day and time, e.g. "26 Nov 2026, 09:45". */
export function formatDayAndTime(iso: string): string {
  return dayAndTime.format(new Date(iso));
}
