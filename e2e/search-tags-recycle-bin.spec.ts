import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Search, tags and the recycle bin: search inside a collection picked as a scope and see the match
 * highlighted; open a tag's page; delete a post, find it in the recycle bin and restore it into its
 * collection; clear the bin after typing the confirmation word.
 */

interface PostData {
  id: number;
  title: string | null;
  collection_id: number | null;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const pageTitle = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

async function createCollection(page: Page, name: string) {
  return api<{ id: number }>(page, 'POST', '/api/collections', { name });
}

async function createNote(
  page: Page,
  title: string,
  text: string,
  collectionId: number | null,
  tagNames: string[] = [],
) {
  return api<PostData>(page, 'POST', '/api/posts', {
    title,
    content: `<p>${text}</p>`,
    collection_id: collectionId,
    is_uncategorized: collectionId === null,
    tag_names: tagNames,
  });
}

/**
 * Waits until the shell has taken its layout for the width (the sidebar a column on desktop, a
 * closed drawer on a phone) and its transitions have ended.
 */
async function settled(page: Page, sidebarOpen: boolean) {
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
    'aria-expanded',
    String(sidebarOpen),
  );
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/** A screenshot at desktop (1280 px) and phone (375 px) width, to look at by eye. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page, false);
  await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await settled(page, true);
}

/** A screenshot of an open dialog at both widths, once it has finished appearing. */
async function shootDialog(page: Page, testInfo: TestInfo, name: string, dialog: Locator) {
  for (const [width, height] of [
    [1280, 720],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('search inside a collection picked as a scope and see the match highlighted', async ({
  page,
}, testInfo) => {
  const atlas = await createCollection(page, 'Quokka atlas');
  await createCollection(page, 'Quokka diaries');
  await createNote(
    page,
    'Island trip',
    'Ferry to Rottnest, then the quokkas by the lake.',
    atlas.id,
  );
  await createNote(page, 'Elsewhere', 'Quokkas are not only in the atlas.', null);
  // The sidebar and the suggestions learn of collections made through the API on a new load.
  await page.reload();

  await sidebar(page).getByRole('link', { name: 'Search' }).click();
  await expect(pageTitle(page, 'Search')).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Search posts' });
  await expect(input).toHaveAttribute('placeholder', 'Type to search');

  // Typing part of a name suggests the collections containing it; arrows and Enter pick one.
  await input.fill('quokka');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByRole('option')).toHaveText([
    'Search in Quokka atlas',
    'Search in Quokka diaries',
  ]);
  await input.press('ArrowDown');
  await input.press('Enter');
  const chip = page.getByRole('button', { name: 'Search everywhere, not only in Quokka atlas' });
  await expect(chip).toBeVisible();
  await expect(input).toHaveValue('');

  // Inside the scope only the atlas's post matches; 'QUOKKA' is found ignoring case.
  await input.fill('QUOKKA');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading')).toHaveText(['Island trip']);
  await expect(results.locator('mark')).toHaveText(['quokka']);
  await shoot(page, testInfo, 'search');

  // Backspace on the empty input removes the scope: the other post is found as well.
  await input.fill('');
  await input.press('Backspace');
  await expect(chip).toBeHidden();
  await input.fill('quokkas');
  await expect(results.getByRole('heading')).toHaveCount(2);
  await expect(results.getByRole('heading', { name: 'Elsewhere' })).toBeVisible();

  await input.fill('quokkas -rottnest');
  await expect(results.getByRole('heading')).toHaveText(['Elsewhere']);
  await input.fill('no such words anywhere');
  await expect(page.getByText('No search results')).toBeVisible();
});

test('a search lives in the address: it reloads, and Back and Forward bring it back', async ({
  page,
}) => {
  const pond = await createCollection(page, 'Axolotl pond');
  await createNote(page, 'Gill notes', 'Axolotls keep their gills.', pond.id);
  await createNote(page, 'Loose axolotl', 'An axolotl outside the pond.', null);
  await page.goto(`/search?q=axolotl&collection=${pond.id}`);

  // Opened from a bookmark: the text in the bar, the scope as a chip, the results of both.
  const input = page.getByRole('combobox', { name: 'Search posts' });
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(input).toHaveValue('axolotl');
  await expect(
    page.getByRole('button', { name: 'Search everywhere, not only in Axolotl pond' }),
  ).toBeVisible();
  await expect(results.getByRole('heading')).toHaveText(['Gill notes']);

  // Enter adds a history entry; the address follows.
  await input.fill('outside');
  await input.press('Enter');
  await expect(page).toHaveURL(`/search?q=outside&collection=${pond.id}`);
  await expect(page.getByText('No search results')).toBeVisible();

  await page.goBack();
  await expect(input).toHaveValue('axolotl');
  await expect(results.getByRole('heading')).toHaveText(['Gill notes']);
  await page.goForward();
  await expect(input).toHaveValue('outside');
  await page.reload();
  await expect(input).toHaveValue('outside');
  await expect(page.getByText('No search results')).toBeVisible();
});

test('a tag address whose id is not a number goes back', async ({ page }) => {
  await page.goto('/restore');
  await expect(pageTitle(page, 'Recycle Bin')).toBeVisible();
  await page.goto('/tags/not-a-number');
  await expect(page).toHaveURL('/restore');
});

test("open a tag's page from the tag list and see its posts", async ({ page }, testInfo) => {
  const shelf = await createCollection(page, 'Bird shelf');
  await createNote(page, 'Heron sightings', 'Three herons at dawn.', shelf.id, ['wading birds']);
  await api(page, 'POST', '/api/tags', { name: 'unused label' });
  await page.reload();

  await sidebar(page).getByRole('link', { name: 'Tags' }).click();
  await expect(pageTitle(page, 'Tags')).toBeVisible();
  // The list holds the tags of every journey so far (thousands after the imports): the filter
  // box finds one, as a user would.
  const tags = page.getByRole('list', { name: 'Tags' });
  const filter = page.getByRole('searchbox', { name: 'Filter tags' });
  await filter.fill('wading');
  await expect(tags.getByRole('link', { name: 'wading birds', exact: true })).toBeVisible();
  await shoot(page, testInfo, 'tags');

  await tags.getByRole('link', { name: 'wading birds', exact: true }).click();
  await expect(pageTitle(page, '#wading birds')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('heading')).toHaveText([
    'Heron sightings',
  ]);

  await page.goBack();
  await filter.fill('#unused');
  await tags.getByRole('link', { name: 'unused label', exact: true }).click();
  await expect(pageTitle(page, '#unused label')).toBeVisible();
  await expect(page.getByText('No posts to be found')).toBeVisible();
});

test('rename a tag from its menu; a name another tag has merges the two after asking', async ({
  page,
}, testInfo) => {
  // Names of their own per run: the journeys share one server and may repeat.
  const run = `${testInfo.repeatEachIndex}${Date.now().toString(36)}`;
  const [moth, moths, lantern] = [`moth ${run}`, `Moths ${run}`, `lantern ${run}`];
  const porch = await createCollection(page, `Porch light ${run}`);
  await createNote(page, 'Tiger moth', 'Orange wings at midnight.', porch.id, [moth]);
  await createNote(page, 'Luna moth', 'Pale green, long tails.', porch.id, [moth, moths]);
  await createNote(page, 'Hawk moth', 'Hovering like a hummingbird.', porch.id, [moths]);
  await createNote(page, 'Paper lantern', 'Glows on the porch.', porch.id, [lantern]);

  await page.goto('/tags');
  const tags = page.getByRole('list', { name: 'Tags' });
  await page.getByRole('searchbox', { name: 'Filter tags' }).fill(run);
  const row = (name: string) => tags.getByRole('listitem').filter({ hasText: name });

  // A plain rename, with the keyboard: the menu, Rename, a new name and Enter.
  await row(lantern)
    .getByRole('button', { name: `Options for ${lantern}` })
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: `Rename #${lantern}` });
  await expect(rename.getByLabel('Name of your Tag')).toBeFocused();
  await rename.getByLabel('Name of your Tag').fill(`lanterns ${run}`);
  await shootDialog(page, testInfo, 'tag-rename', rename);
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(tags.getByRole('link', { name: `lanterns ${run}`, exact: true })).toBeVisible();

  // Renaming 'moth' to 'MOTHS' asks first; Merge leaves one tag with the posts of both.
  await row(moth)
    .first()
    .getByRole('button', { name: `Options for ${moth}` })
    .click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Name of your Tag').fill(moths.toUpperCase());
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge tags?' });
  await expect(merge).toContainText(`A tag named “${moths}” exists. Merge 2 posts into it?`);
  await shootDialog(page, testInfo, 'tag-merge', merge);
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(tags.getByRole('link', { name: moth, exact: true })).toBeHidden();
  await expect(row(moths)).toContainText('3 posts');

  // From the edit page of the tag that goes, the merge leads to the page of the one that stays.
  await tags.getByRole('link', { name: `lanterns ${run}`, exact: true }).click();
  await expect(pageTitle(page, `#lanterns ${run}`)).toBeVisible();
  await page.getByRole('link', { name: 'Edit Tag' }).click();
  await page.getByLabel('Name of your Tag').fill(moths);
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: 'Merge tags?' })
    .getByRole('button', { name: 'Merge' })
    .click();
  await expect(pageTitle(page, `#${moths}`)).toBeVisible();
  const survivor = (await api<{ id: number; name: string }[]>(page, 'GET', '/api/tags')).find(
    (tag) => tag.name === moths,
  )!;
  await expect(page).toHaveURL(`/tags/${survivor.id}`);
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('heading')).toHaveCount(4);
});

test('delete a post, find it in the recycle bin and restore it into its collection', async ({
  page,
}) => {
  const garden = await createCollection(page, 'Garden plans');
  await createNote(page, 'Plant tomatoes', 'Against the south wall.', garden.id);

  await page.goto(`/c/${garden.id}`);
  const card = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Plant tomatoes' }) });
  await card.hover();
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(card).toBeHidden();

  await sidebar(page).getByRole('link', { name: 'Recycle Bin' }).click();
  await expect(pageTitle(page, 'Recycle Bin')).toBeVisible();
  const deleted = page
    .getByRole('list', { name: 'Deleted posts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Plant tomatoes' }) });
  // In the recycle bin a card offers Restore rather than its menu (PRODUCT.md#post-card).
  await expect(deleted.getByRole('button', { name: 'Post options' })).toHaveCount(0);
  // It has no page of its own until it is restored.
  await expect(deleted.getByRole('link', { name: 'Plant tomatoes' })).toHaveCount(0);
  await deleted.getByRole('button', { name: 'Restore into Garden plans' }).click();
  await expect(deleted).toBeHidden();

  await sidebar(page).getByRole('link', { name: 'Garden plans' }).click();
  await expect(card).toBeVisible();
});

test('clear the recycle bin by typing the confirmation word in any case', async ({
  page,
}, testInfo) => {
  const gone = await createNote(page, 'Old receipt', 'Nothing to keep.', null);
  await api(page, 'DELETE', `/api/posts/${gone.id}`);

  await page.goto('/restore');
  await expect(page.getByRole('heading', { name: 'Old receipt' })).toBeVisible();
  await shoot(page, testInfo, 'recycle-bin');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you really sure ?' });
  const confirm = dialog.getByRole('button', { name: 'Clear Recycle Bin' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type delete to confirm').fill('Delete');
  await confirm.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('There is nothing yet in here.')).toBeVisible();
  expect(await api<PostData[]>(page, 'GET', '/api/posts?is_archived=true')).toEqual([]);
  await shoot(page, testInfo, 'recycle-bin-empty');
});
