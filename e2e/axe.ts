import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForTransitions } from './fixtures.ts';

/** The WCAG 2.0 and 2.1 level A and AA rules: what the journeys hold every main screen to. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** How many CSS selectors of a violation's nodes its line names. */
const TARGETS_SHOWN = 3;

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now (issue 16: the main screens have
 * no serious or critical violation).
 *
 * - A serious or critical violation fails the test, softly: the journey goes on, so one run lists
 *   every screen's problems. Each is one line, `label: rule id (impact): help [selectors…]`, with
 *   the first few CSS selectors of the nodes it found.
 * - A moderate or minor one does not fail; it is listed in the test's annotations
 *   (`a11y-<impact>`), which the report shows.
 *
 * It first waits for the page's transitions to end (`waitForTransitions`), so that colours are
 * read as a person sees them, not halfway through a fade or a theme change. No rule is turned off.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await waitForTransitions(page);
  // Legacy mode runs axe in the page's own frame only, in one call: the app has no frames, and it
  // takes about half the time of the frame-by-frame run.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .setLegacyMode(true)
    .analyze();
  const lines = violations.map((violation) => {
    const targets = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => node.target.join(' '));
    const more = violation.nodes.length - targets.length;
    if (more > 0) targets.push(`and ${more} more`);
    return {
      impact: violation.impact ?? 'unknown',
      text: `${label}: ${violation.id} (${violation.impact}): ${violation.help} [${targets.join(', ')}]`,
    };
  });
  for (const line of lines) {
    if (line.impact !== 'serious' && line.impact !== 'critical') {
      test.info().annotations.push({ type: `a11y-${line.impact}`, description: line.text });
    }
  }
  const serious = lines
    .filter((line) => line.impact === 'serious' || line.impact === 'critical')
    .map((line) => line.text);
  expect.soft(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
}
