import { expect, test } from '@playwright/test';
import { corpusBookmarkFile, signIn } from './fixtures.ts';

/**
 * The main job on real input: sign in, import a real nested browser export, find its folders in the
 * sidebar and its posts in a folder, create a collection, write a note in it, and reload on its
 * URL.
 */
test('import a nested bookmark file, browse it, and keep a note in a new collection', async ({
  page,
}, testInfo) => {
  await signIn(page);

  // Import markio/nested_bookmarks.html, a Firefox export: 4 folders, 7 web links, 3 place: queries.
  await page.getByRole('link', { name: 'Import & Export' }).click();
  await page.getByRole('link', { name: /Import bookmarks/ }).click();
  await page
    .getByLabel('Bookmarks file')
    .setInputFiles(corpusBookmarkFile('markio/nested_bookmarks.html'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bookmarks imported' })).toBeVisible();
  await expect(page).toHaveURL(/\/import\/bookmarks\?job=\d+$/);

  // The import's folders in the sidebar, nested: nested_bookmarks › Bookmarks Toolbar › …
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'nested_bookmarks' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Expand nested_bookmarks' }).click();
  await sidebar.getByRole('button', { name: 'Expand Bookmarks Toolbar' }).click();
  await sidebar.getByRole('link', { name: 'Mozilla Firefox' }).click();

  // Its four bookmarks, in file order, as link cards.
  const posts = page.getByRole('list', { name: 'Posts' });
  await expect(posts.getByRole('listitem')).toHaveCount(4);
  await expect(posts.getByRole('heading')).toHaveText([
    'Help and Tutorials',
    'Customize Firefox',
    'Get Involved',
    'About Us',
  ]);
  await expect(posts.getByText('www.mozilla.com').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('collection-1280.png') });

  // A new collection, then a note in it.
  await sidebar.getByRole('link', { name: 'Create a new collection' }).click();
  await expect(page.getByRole('heading', { name: 'Create Collection' })).toBeVisible();
  await page.getByLabel('Name').fill('Reading notes');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/c\/\d+$/);
  const collectionUrl = new URL(page.url()).pathname;
  await expect(sidebar.getByRole('link', { name: 'Reading notes' })).toBeVisible();
  // The shortcut creates in the collection on screen: wait until the new one is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Reading notes' })).toBeVisible();

  await page.keyboard.press('Control+Alt+N');
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();
  await page.getByPlaceholder('Title').fill('On nesting');
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill('Collections inside collections keep things findable.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(collectionUrl);
  await expect(posts.getByRole('heading', { name: 'On nesting' })).toBeVisible();
  await expect(
    posts.getByText('Collections inside collections keep things findable.'),
  ).toBeVisible();

  // A reload on /c/{id} stays there (history fallback) and still shows the note.
  await page.reload();
  await expect(page).toHaveURL(collectionUrl);
  await expect(page.getByRole('heading', { name: 'On nesting' })).toBeVisible();

  // At phone width the sidebar becomes a drawer that starts closed.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sidebar).not.toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('collection-375.png') });
});

test('a page that needs a user sends a visitor without a session to /login', async ({ page }) => {
  await page.goto('/c/1');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
