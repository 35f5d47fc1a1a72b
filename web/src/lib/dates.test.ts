import { describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime } from './dates.ts';

describe('dates as the web app shows them', () => {
  // Midday UTC is the same day in every time zone from UTC−11 to UTC+11.
  const instant = '2026-11-26T12:45:00.000Z';

  it('shows a day with its month name and year, no time', () => {
    const shown = formatDay(instant);
    expect(shown).toMatch(/\b26\b/);
    expect(shown).toMatch(/2026/);
    expect(shown).toMatch(/[A-Za-z]{3}/);
    expect(shown).not.toMatch(/:45/);
  });

  it('shows a day and time to the minute', () => {
    const shown = formatDayAndTime(instant);
    expect(shown).toContain(formatDay(instant).replace(/,? 2026/, ''));
    expect(shown).toMatch(/:45/);
  });
});
