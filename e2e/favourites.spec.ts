import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { api, signIn, waitForTransitions } from './fixtures.ts';

/**
 * Favourites (PRODUCT.md#favourites): star a post on its card, find it under Favourites in the
 * sidebar, take the star off there and it is gone; a member who may only view a shared
 * collection stars one of its posts and finds it in their own Favourites.
 */

// A first list can take more than the default 5 s to draw on a machine shared with other runs.
const expect = baseExpect.configure({ timeout: 15_000 });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
/** The card of the post titled `title` in the list named `list`. */
const card = (page: Page, list: string, title: string) =>
  page
    .getByRole('list', { name: list })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) });

/**
 * Screenshots of the page as it is, at 1280 and 375 px, light and dark, into the test's output
 * folder; once per run (not again for each of `--repeat-each`).
 */
async function shoot(page: Page, name: string) {
  const testInfo = test.info();
  if (testInfo.repeatEachIndex > 0) return;
  const path = (file: string) => testInfo.outputPath(file);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const dark of [false, true]) {
      await page.evaluate(`document.documentElement.classList.toggle('dark', ${dark})`);
      // The colours fade into the theme: shoot them where they end, not halfway (a box still white).
      await waitForTransitions(page);
      await page.screenshot({ path: path(`${name}-${width}-${dark ? 'dark' : 'light'}.png`) });
    }
  }
  await page.evaluate(`document.documentElement.classList.remove('dark')`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a post starred on its card is under Favourites until its star is taken off', async ({
  page,
}) => {
  // Screenshots at two widths in two schemes take a while on a busy machine.
  test.slow();
  const run = randomUUID().slice(0, 8);
  const title = `Essay on gardens ${run}`;
  await signIn(page);
  const reading = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Reading ${run}`,
  });
  await api(page, 'POST', '/api/posts', {
    title,
    content: '<p>Long, and worth it.</p>',
    collection_id: reading.id,
  });
  await api(page, 'POST', '/api/posts', {
    title: `Not starred ${run}`,
    content: '<p>Skimmed.</p>',
    collection_id: reading.id,
  });

  await page.goto(`/c/${reading.id}`);
  const star = card(page, 'Posts', title).getByRole('button', { name: 'Add to favourites' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  const starred = card(page, 'Posts', title).getByRole('button', {
    name: 'Remove from favourites',
  });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');

  await sidebar(page).getByRole('link', { name: 'Favourites' }).click();
  await expect(page).toHaveURL('/favorites');
  await expect(page).toHaveTitle('Nestmark - Favourites');
  const favourite = card(page, 'Favourites', title);
  await expect(favourite).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Favourites' }).getByText(`Not starred ${run}`),
  ).toBeHidden();
  await shoot(page, 'favourites');

  // Still starred after a reload: the server keeps it.
  await page.reload();
  await favourite.getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(favourite).toBeHidden();
  await page.goto(`/c/${reading.id}`);
  await expect(
    card(page, 'Posts', title).getByRole('button', { name: 'Add to favourites' }),
  ).toHaveAttribute('aria-pressed', 'false');
});

test('a member who may only view a shared collection stars one of its posts', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const title = `Team plan ${run}`;
  await signIn(page);
  const member = { name: `Viewer ${run}`, email: `viewer-${run}@nestmark.test` };
  const password = `viewer-password-${run}`;
  const user = await api<{ id: number }>(page, 'POST', '/api/users', { ...member, password });
  const team = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Team ${run}`,
  });
  await api(page, 'POST', '/api/posts', {
    title,
    content: '<p>Ship on Friday.</p>',
    collection_id: team.id,
  });
  await api(page, 'POST', '/api/shares/private', {
    collection_id: team.id,
    user_id: user.id,
    permission: 4,
  });

  const viewer = await freshPage(browser, baseURL);
  await signIn(viewer, { email: member.email, password });
  await sidebar(viewer).getByRole('link', { name: 'Favourites' }).click();
  await expect(viewer.getByText('No favourites yet')).toBeVisible();
  await shoot(viewer, 'favourites-empty');

  await viewer.goto(`/c/${team.id}`);
  // A viewer has no menu on the card, but a star.
  const shared = card(viewer, 'Posts', title);
  await expect(shared.getByRole('button', { name: 'Add to favourites' })).toBeVisible();
  await expect(shared.getByRole('button', { name: 'Post options' })).toHaveCount(0);
  await shared.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(shared.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await sidebar(viewer).getByRole('link', { name: 'Favourites' }).click();
  await expect(card(viewer, 'Favourites', title)).toBeVisible();
  await viewer.context().close();

  // The star is the member's own: the owner's card is not starred.
  await page.goto(`/c/${team.id}`);
  await expect(
    card(page, 'Posts', title).getByRole('button', { name: 'Add to favourites' }),
  ).toHaveAttribute('aria-pressed', 'false');
});
