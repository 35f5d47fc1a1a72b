/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { api, PAGES_ORIGIN, showTheme, signIn } from './fixtures.ts';

/**
 * axe-core on the main screens (issue 16): a collection in its three views, the post editor,
 * search results, tags, the recycle bin, the users list, My Account and the public view of a
 * share link, and the empty collection and recycle bin; each in the light and the dark theme.
 * None may have a serious or critical WCAG 2.1 A/AA violation (e2e/axe.ts).
 */

// A first list (and the editor's module) can take more than the default 5 s on a shared machine.
const expect = baseExpect.configure({ timeout: 15_000 });

interface PostData {
  id: number;
  preview_status: 'pending' | 'done' | 'failed' | null;
}

const pageTitle = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/**
 * A new user, signed in on `page`: each run meets only its own posts and tags, and the owner, whom
 * every journey shares, is left as it was.
 */
async function signInAsNewUser(page: Page) {
  const run = randomUUID().slice(0, 8);
  const person = {
    name: `Ada ${run}`,
    email: `axe-${run}@nestmark.test`,
    password: `correct horse ${run} battery`,
  };
  await signIn(page);
  await api(page, 'POST', '/api/users', person);
  await page.context().clearCookies();
  await signIn(page, person);
  return { run, name: person.name };
}

/**
 * Checks the screen as it is in the light theme, then in the dark one, and leaves it light. The
 * theme is switched as the app switches it (PRODUCT.md#local-preferences, web/src/lib/theme.ts):
 * the `dark` class on `<html>`; the helper waits for the colours' transitions to end.
 */
async function expectAccessibleInBothThemes(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await expectNoSeriousA11yViolations(page, `${label} (${theme})`);
  }
  await showTheme(page, 'light');
}

/** A browser context without a session, as a share link's visitor has. */
async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('the empty collection and recycle bin, the users list and My Account', async ({ page }) => {
  const { run, name } = await signInAsNewUser(page);
  const empty = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Nothing yet ${run}`,
  });
  const main = page.locator('#main');

  await page.goto(`/c/${empty.id}`);
  await expect(pageTitle(page, `Nothing yet ${run}`)).toBeVisible();
  await expect(main.getByText('Nothing here yet')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'empty collection');

  await page.goto('/restore');
  await expect(pageTitle(page, 'Recycle Bin')).toBeVisible();
  await expect(main.getByText('There is nothing yet in here.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'empty recycle bin');

  await page.goto('/users');
  await expect(pageTitle(page, 'Users')).toBeVisible();
  await expect(main.getByText(name, { exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'users');

  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'My Account' })
    .click();
  await expect(pageTitle(page, 'My Account')).toBeVisible();
  await expect(main.getByText('No access tokens yet.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'my account');
});

test('a collection in its three views, the editor, search, tags, the recycle bin and the public view', async ({
  page,
  browser,
  baseURL,
}) => {
  // Sixteen axe runs, each a few seconds on a busy machine.
  test.slow();
  const { run } = await signInAsNewUser(page);
  const field = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Field guide ${run}`,
  });
  await api(page, 'POST', '/api/collections', { name: 'Birds', parent_id: field.id });
  const note = await api<PostData>(page, 'POST', '/api/posts', {
    title: 'Heron walk',
    content:
      '<h2>Route</h2><p>Start at the <strong>old mill</strong>, follow the river east; see <a href="https://example.org/map">the map</a>.</p><ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>Binoculars</p></div></li><li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Tea</p></div></li></ul><blockquote><p>Herons stand still for minutes.</p></blockquote><p><code>grid 51.2N</code></p>',
    collection_id: field.id,
    tag_names: ['birds', 'walks'],
  });
  const link = await api<PostData>(page, 'POST', '/api/posts', {
    content: `${PAGES_ORIGIN}/article.html`,
    collection_id: field.id,
    tag_names: ['reading'],
  });
  const draft = await api<PostData>(page, 'POST', '/api/posts', {
    title: 'Deleted draft',
    content: '<p>Nobody needs this.</p>',
    collection_id: field.id,
  });
  await api(page, 'DELETE', `/api/posts/${draft.id}`);
  const share = await api<{ token: string }>(page, 'POST', '/api/shares/public', {
    collection_id: field.id,
  });
  // The link's preview (title, picture, icon) is fetched after saving: the card shows its title
  // once it is done, and no pulsing placeholder is left to read colours from.
  await expect
    .poll(async () => (await api<PostData>(page, 'GET', `/api/posts/${link.id}`)).preview_status)
    .toBe('done');

  await page.goto(`/c/${field.id}`);
  await expect(pageTitle(page, `Field guide ${run}`)).toBeVisible();
  const posts = page.getByRole('list', { name: 'Posts' });
  await expect(posts.getByRole('heading', { name: 'Field notes on testing' })).toBeVisible();
  await expect(posts.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'collection, cards');
  const views = page.getByRole('group', { name: 'View' });
  for (const view of ['List', 'Grid'] as const) {
    await views.getByRole('button', { name: view }).click();
    await expect(views.getByRole('button', { name: view })).toHaveAttribute('aria-pressed', 'true');
    await expect(posts.getByText('Heron walk')).toBeVisible();
    await expectAccessibleInBothThemes(page, `collection, ${view.toLowerCase()}`);
  }

  await page.goto(`/p/${note.id}`);
  await expect(pageTitle(page, 'Edit Post')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('old mill');
  await expectAccessibleInBothThemes(page, 'editor');

  await page.goto('/search?q=heron');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'search results');

  await page.goto('/tags');
  await expect(pageTitle(page, 'Tags')).toBeVisible();
  await expect(page.getByRole('link', { name: /walks/ })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'tags');

  await page.goto('/restore');
  const deleted = page.getByRole('list', { name: 'Deleted posts' });
  await expect(deleted.getByRole('heading', { name: 'Deleted draft' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'recycle bin');

  // The collection seen through its share link, without an account.
  const visitor = await visitorPage(browser, baseURL);
  await visitor.goto(`/s?token=${share.token}`);
  await expect(pageTitle(visitor, `Field guide ${run}`)).toBeVisible();
  const shared = visitor.getByRole('list', { name: 'Posts' });
  await expect(shared.getByRole('heading', { name: 'Field notes on testing' })).toBeVisible();
  await expect(shared.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
  await expectAccessibleInBothThemes(visitor, 'public view');
  await visitor.context().close();
});
