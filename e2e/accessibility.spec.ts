import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * axe-core on the main screens (issue 16): the collection in its three views, the post editor,
 * search results, tags, the recycle bin, the users list, My Account and the public view of a
 * share link, with content and empty, in the light and the dark theme, at desktop width and (the
 * collection and the editor) at phone width; and the sign-in page. None may have a serious or
 * critical WCAG 2.1 A/AA violation.
 */

interface PostData {
  id: number;
  preview_status: 'pending' | 'done' | 'failed' | null;
}

const THEMES = ['light', 'dark'] as const;
type ThemeName = (typeof THEMES)[number];

const pageTitle = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });

/** A new person each run, so repeated runs do not meet the posts an earlier one left. */
async function signInAsNewPerson(page: Page) {
  const run = randomUUID().slice(0, 8);
  const person = { email: `axe-${run}@nestmark.test`, password: `correct horse ${run} battery` };
  await signIn(page);
  await api(page, 'POST', '/api/users', { name: `Ada ${run}`, ...person });
  await page.context().clearCookies();
  await signIn(page, person);
  return run;
}

/**
 * Gives the signed-in user `theme` (kept on the user, PRODUCT.md#local-preferences) and reloads,
 * then waits until the page shows it.
 */
async function setTheme(page: Page, theme: ThemeName) {
  const me = await api<{ id: number }>(page, 'GET', '/api/auth/me');
  await api(page, 'PATCH', `/api/users/${me.id}`, {
    theme: theme === 'dark' ? 'dark' : 'default',
  });
  await page.reload();
  await expectTheme(page, theme);
}

async function expectTheme(page: Page, theme: ThemeName) {
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

/** Switches the viewport and waits for the shell to take the layout of that width. */
async function resize(page: Page, width: 1280 | 375) {
  await page.setViewportSize({ width, height: width === 375 ? 812 : 720 });
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
    'aria-expanded',
    String(width === 1280),
  );
}

/** A fresh browser context without a session, in `theme` (the stored one, as before sign-in). */
async function visitorPage(browser: Browser, baseURL: string | undefined, theme: ThemeName) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((dark) => {
    localStorage.setItem('theme', dark ? 'dark' : 'default');
  }, theme === 'dark');
  return context.newPage();
}

// Each axe run takes seconds on a loaded machine, and a test runs up to fourteen of them.
test.setTimeout(240_000);
for (const theme of THEMES) {
  test(`the main screens with content have no serious accessibility violations (${theme})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const run = await signInAsNewPerson(page);
    const field = await api<{ id: number }>(page, 'POST', '/api/collections', {
      name: `Field guide ${run}`,
    });
    await api(page, 'POST', '/api/collections', { name: 'Birds', parent_id: field.id });
    const note = await api<PostData>(page, 'POST', '/api/posts', {
      title: 'Heron walk',
      content:
        '<h2>Route</h2><p>Start at the <strong>old mill</strong>, follow the river east; see <a href="https://example.org/map">the map</a>.</p><ul><li>Binoculars</li><li>Tea</li></ul><blockquote><p>Herons stand still for minutes.</p></blockquote><p><code>grid 51.2N</code></p>',
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
    // The link's preview (title, picture, icon) is fetched after saving: wait for the card's look.
    await expect
      .poll(async () => (await api<PostData>(page, 'GET', `/api/posts/${link.id}`)).preview_status)
      .toBe('done');
    const share = await api<{ token: string }>(page, 'POST', '/api/shares/public', {
      collection_id: field.id,
    });
    await setTheme(page, theme);

    // The collection in its three views.
    await page.goto(`/c/${field.id}`);
    const posts = page.getByRole('list', { name: 'Posts' });
    await expect(posts.getByRole('heading', { name: 'Field notes on testing' })).toBeVisible();
    await expect(posts.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `collection, cards (${theme})`);
    const views = page.getByRole('group', { name: 'View' });
    for (const view of ['List', 'Grid'] as const) {
      await views.getByRole('button', { name: view }).click();
      await expect(views.getByRole('button', { name: view })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(posts.getByText('Heron walk')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `collection, ${view.toLowerCase()} (${theme})`);
    }
    await views.getByRole('button', { name: 'Cards' }).click();
    await expect(views.getByRole('button', { name: 'Cards' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The same collection and the editor on a phone.
    await resize(page, 375);
    await expect(posts.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `collection at 375 px (${theme})`);
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yViolations(page, `sidebar drawer at 375 px (${theme})`);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.goto(`/p/${note.id}`);
    // The editor's module (Tiptap, most of the app's weight) loads on first opening: on a loaded
    // machine that took longer than the 5 s default.
    await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('old mill', {
      timeout: 15_000,
    });
    await expectNoSeriousA11yViolations(page, `editor at 375 px (${theme})`);
    await resize(page, 1280);
    await expectNoSeriousA11yViolations(page, `editor (${theme})`);

    await page.goto('/search?q=heron');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('heading', { name: 'Heron walk' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `search results (${theme})`);

    await page.goto('/tags');
    await expect(page.getByRole('link', { name: /walks/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `tags (${theme})`);

    await page.goto('/restore');
    const deleted = page.getByRole('list', { name: 'Deleted posts' });
    await expect(deleted.getByRole('heading', { name: 'Deleted draft' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recycle bin (${theme})`);

    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'My Account' })
      .click();
    await expect(pageTitle(page, 'My Account')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Access tokens' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `my account (${theme})`);

    // The collection seen through its share link, and one of its posts, without an account.
    const visitor = await visitorPage(browser, baseURL, theme);
    await visitor.goto(`/s?token=${share.token}`);
    await expect(pageTitle(visitor, `Field guide ${run}`)).toBeVisible();
    await expect(
      visitor.getByRole('list', { name: 'Posts' }).getByRole('heading', { name: 'Heron walk' }),
    ).toBeVisible();
    await expectTheme(visitor, theme);
    await expectNoSeriousA11yViolations(visitor, `public view (${theme})`);
    await visitor.goto(`/p/${note.id}?token=${share.token}`);
    await expect(visitor.getByText('Herons stand still for minutes.')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor, `public post (${theme})`);
    await visitor.context().close();
  });

  test(`the users list has no serious accessibility violations (${theme})`, async ({ page }) => {
    await signIn(page);
    // Someone besides the owner on the list.
    const run = randomUUID().slice(0, 8);
    await api(page, 'POST', '/api/users', {
      name: `Bea ${run}`,
      email: `bea-${run}@nestmark.test`,
      password: `correct horse ${run} battery`,
    });
    await setTheme(page, theme);
    try {
      await page.goto('/users');
      await expect(pageTitle(page, 'Users')).toBeVisible();
      await expect(page.getByText(`Bea ${run}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `users (${theme})`);
    } finally {
      // The owner is shared by every journey: give them the light theme back.
      await setTheme(page, 'light');
    }
  });

  test(`empty screens and the sign-in page have no serious accessibility violations (${theme})`, async ({
    page,
  }) => {
    const run = await signInAsNewPerson(page);
    const empty = await api<{ id: number }>(page, 'POST', '/api/collections', {
      name: `Nothing yet ${run}`,
    });
    await setTheme(page, theme);

    await page.goto('/');
    await expect(pageTitle(page, 'Uncategorized')).toBeVisible();
    await expect(page.locator('#main').getByText('0 posts')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `empty Uncategorized (${theme})`);

    await page.goto(`/c/${empty.id}`);
    await expect(pageTitle(page, `Nothing yet ${run}`)).toBeVisible();
    await expect(page.locator('#main').getByText('0 posts')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `empty collection (${theme})`);

    await page.goto('/search');
    await expect(page.getByText('Search your posts')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `search before typing (${theme})`);
    await page.goto('/search?q=zzzz-nothing');
    await expect(page.getByText('No search results')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `no search results (${theme})`);

    await page.goto('/tags');
    await expect(page.getByText('No tags yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `no tags (${theme})`);

    await page.goto('/restore');
    await expect(page.getByText('There is nothing yet in here.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `empty recycle bin (${theme})`);

    await page.goto('/p/999999999');
    await expect(
      page.getByRole('heading', { level: 2, name: 'This post does not exist' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, `missing post (${theme})`);

    // Signed out, the page keeps the theme this browser last showed.
    await page.context().clearCookies();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectTheme(page, theme);
    await expectNoSeriousA11yViolations(page, `sign-in (${theme})`);
  });
}
