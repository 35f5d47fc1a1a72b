import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 level A and AA rules: what the journeys hold every main screen to. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the page as it is now and fails the test (softly: the journey goes on to the
 * next screen, so one run lists every screen's problems) when it finds a serious or critical
 * violation of the WCAG 2.1 A/AA rules. Each is listed as `label: rule id (impact): help`, with
 * the CSS selectors of the offending nodes and axe's summary of what to fix.
 *
 * It first waits for every CSS animation and transition to end, so that colour contrast is read
 * on the colours a person sees, not halfway through a fade. No rule is turned off: a genuine false
 * positive would be left out by excluding that one node, with the reason beside it.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  // Legacy mode runs axe in the page's own frame only, in one call: the app has no frames, and
  // it takes about half the time of the frame-by-frame run on a loaded machine.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .setLegacyMode(true)
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: `${violation.id} (${violation.impact}): ${violation.help}`,
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    }));
  expect.soft(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
}
