import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Undo (PRODUCT.md#undo): delete a post, transfer it, move three at once, and each time Undo puts
 * the posts back in the same place; a restore from the recycle bin is told where it went and can
 * be undone; deleting a tag that posts carry asks first, naming how many.
 */

interface PostData {
  id: number;
  title: string | null;
}

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const headings = (page: Page) => posts(page).getByRole('heading');
const card = (page: Page, title: string) =>
  posts(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
/** The notification saying `text`. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** A name no other run of the journey used (it runs many times against one server). */
const unique = (testInfo: TestInfo, name: string) =>
  `${name} ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now().toString(36)}`;

async function createCollection(page: Page, name: string) {
  return api<{ id: number }>(page, 'POST', '/api/collections', { name });
}

/** Notes created in turn, so the last is on top: the list shows them in reverse. */
async function createNotes(
  page: Page,
  collectionId: number,
  titles: string[],
  tags: string[] = [],
) {
  for (const title of titles) {
    await api<PostData>(page, 'POST', '/api/posts', {
      title,
      content: `<p>${title} body</p>`,
      collection_id: collectionId,
      tag_names: tags,
    });
  }
}

/**
 * Waits for a collection's list, just opened, to show `titles`: the first page of a load may take
 * longer than an assertion's 5 s on a busy machine.
 */
async function listShows(page: Page, titles: string[]) {
  await expect(headings(page)).toHaveText(titles, { timeout: 20_000 });
}

/** Opens a card's three-dot menu and picks an option. */
async function choose(page: Page, item: Locator, option: string) {
  await item.hover();
  await item.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: option }).click();
}

/** Screenshots of a notification at 1280 and 375 px, light and dark (hovered: it waits). */
async function shootToast(page: Page, testInfo: TestInfo, shown: Locator, name: string) {
  for (const [width, height] of [
    [1280, 720],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await shown.hover();
      await expect(shown).toBeInViewport({ ratio: 1 });
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${theme}.png`) });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.beforeEach(async ({ page }) => {
  // Each journey loads several pages and waits out requests that undo in turn: room for a busy
  // machine.
  test.setTimeout(120_000);
  await signIn(page);
});

test('delete a post, then Undo: it is back in the same place', async ({ page }, testInfo) => {
  const shelf = await createCollection(page, unique(testInfo, 'Undo shelf'));
  await createNotes(page, shelf.id, ['Bottom', 'Middle', 'Top']);
  await page.goto(`/c/${shelf.id}`);
  await listShows(page, ['Top', 'Middle', 'Bottom']);

  await choose(page, card(page, 'Middle'), 'Delete');
  await expect(headings(page)).toHaveText(['Top', 'Bottom']);
  const told = toast(page, 'Post moved to the Recycle Bin');
  await expect(told).toBeVisible();
  await shootToast(page, testInfo, told, 'undo-toast');

  await told.getByRole('button', { name: 'Undo' }).click();
  await expect(told).toBeHidden();
  await expect(headings(page)).toHaveText(['Top', 'Middle', 'Bottom']);
  await page.reload();
  await listShows(page, ['Top', 'Middle', 'Bottom']);
});

test('restore from the recycle bin says where the post went; Undo sends it back', async ({
  page,
}, testInfo) => {
  const name = unique(testInfo, 'Restore shelf');
  const shelf = await createCollection(page, name);
  const title = unique(testInfo, 'Binned note');
  await createNotes(page, shelf.id, [title]);
  const [binned] = await api<PostData[]>(page, 'GET', `/api/posts?collection_id=${shelf.id}`);
  await api(page, 'DELETE', `/api/posts/${binned!.id}`);
  await page.goto('/restore');

  await card(page, title)
    .getByRole('button', { name: `Restore into ${name}` })
    .click();
  const told = toast(page, `Restored to ${name}`);
  await expect(told).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);

  await told.getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, title)).toBeVisible();
  expect(await api<PostData[]>(page, 'GET', `/api/posts?collection_id=${shelf.id}`)).toEqual([]);
});

test('transfer a post, then Undo: it is back in its collection, in the same place', async ({
  page,
}, testInfo) => {
  const from = await createCollection(page, unique(testInfo, 'Transfer from'));
  const toName = unique(testInfo, 'Transfer to');
  await createCollection(page, toName);
  await createNotes(page, from.id, ['One', 'Two', 'Three']);
  await page.goto(`/c/${from.id}`);
  await listShows(page, ['Three', 'Two', 'One']);

  await choose(page, card(page, 'Two'), 'Transfer');
  const dialog = page.getByRole('dialog', { name: 'Collections' });
  await dialog.getByText(toName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(headings(page)).toHaveText(['Three', 'One']);
  const told = toast(page, 'Post transferred');
  await expect(told).toContainText(`Now in ${toName}.`);

  await told.getByRole('button', { name: 'Undo' }).click();
  await expect(headings(page)).toHaveText(['Three', 'Two', 'One']);
  await page.reload();
  await listShows(page, ['Three', 'Two', 'One']);
});

test('move three posts at once, then Undo: each is back in its place', async ({
  page,
}, testInfo) => {
  const from = await createCollection(page, unique(testInfo, 'Bulk from'));
  const toName = unique(testInfo, 'Bulk to');
  await createCollection(page, toName);
  await createNotes(page, from.id, ['P1', 'P2', 'P3', 'P4', 'P5']);
  await page.goto(`/c/${from.id}`);
  const before = ['P5', 'P4', 'P3', 'P2', 'P1'];
  await listShows(page, before);

  for (const title of ['P5', 'P3', 'P2']) {
    await posts(page)
      .getByRole('checkbox', { name: `Select ${title}`, exact: true })
      .check();
  }
  const bar = page.getByRole('toolbar', { name: 'Selected posts' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 3 posts' });
  await dialog.getByText(toName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(headings(page)).toHaveText(['P4', 'P1']);
  const told = toast(page, '3 posts moved');

  await told.getByRole('button', { name: 'Undo' }).click();
  await expect(headings(page)).toHaveText(before);
  await page.reload();
  await listShows(page, before);
});

test('deleting a tag that posts carry asks first, naming how many; an unused one goes at once', async ({
  page,
}, testInfo) => {
  const shelf = await createCollection(page, unique(testInfo, 'Tag shelf'));
  const used = unique(testInfo, 'carried');
  const unused = unique(testInfo, 'unused');
  await createNotes(page, shelf.id, ['Tagged one', 'Tagged two'], [used]);
  await api(page, 'POST', '/api/tags', { name: unused });
  await page.goto('/tags');

  const tags = page.getByRole('list', { name: 'Tags' });
  const filter = page.getByRole('searchbox', { name: 'Filter tags' });
  await filter.fill(used);
  await tags.getByRole('button', { name: `Options for ${used}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete #${used}?` });
  await expect(dialog).toContainText('2 posts carry it');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(tags.getByRole('link', { name: used, exact: true })).toBeVisible();

  await tags.getByRole('button', { name: `Options for ${used}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete tag' }).click();
  await expect(toast(page, `#${used} is gone.`)).toBeVisible();
  await expect(tags.getByRole('link', { name: used, exact: true })).toHaveCount(0);

  await filter.fill(unused);
  await tags.getByRole('button', { name: `Options for ${unused}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(toast(page, `#${unused} is gone.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tags.getByRole('link', { name: unused, exact: true })).toHaveCount(0);
});
