import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Collections and sharing: nest a collection by dragging it in the sidebar, share one by token link
 * and stop the link again, share one with another user who finds it (and what is below it) under
 * Shared Collections and adds a post the owner sees.
 */

interface CollectionData {
  id: number;
  parent_id: number | null;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });

/** A fresh browser context (no cookies, no session) opening `path`. */
async function freshPage(browser: Browser, baseURL: string | undefined, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test('dragging a collection to the right in the sidebar nests it under the one above', async ({
  page,
}) => {
  await signIn(page);
  // New collections go to the end of the top level: "Field trips" lands right below "Travel".
  const travel = await api<CollectionData>(page, 'POST', '/api/collections', { name: 'Travel' });
  const trips = await api<CollectionData>(page, 'POST', '/api/collections', {
    name: 'Field trips',
  });
  await page.reload();

  const handle = sidebar(page).getByRole('button', { name: 'Move Field trips' });
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the 6 px activation distance, then one indent (2 rem) further right.
  await page.mouse.move(x + 10, y, { steps: 5 });
  await page.mouse.move(x + 48, y, { steps: 10 });
  await page.mouse.up();

  await expect(sidebar(page).getByRole('button', { name: 'Collapse Travel' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api<CollectionData>(page, 'GET', `/api/collections/${trips.id}`)).parent_id,
    )
    .toBe(travel.id);

  // After a reload the tree comes from the server: still nested, shown below its parent.
  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: 'Collapse Travel' })).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'Collapse Travel' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Field trips' })).toBeHidden();
});

test('a collection shared by token link opens read only without an account, until the link is switched off', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signIn(page);
  const recipes = await api<CollectionData>(page, 'POST', '/api/collections', {
    name: 'Recipes',
  });
  await api(page, 'POST', '/api/posts', {
    title: 'Lemon tart',
    content: '<p>Blind-bake the shell first.</p>',
    collection_id: recipes.id,
  });

  await page.goto(`/c/${recipes.id}/edit`);
  await page.getByRole('switch', { name: 'Share by link' }).check();
  const token = await page.getByLabel('Token').inputValue();
  expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/c/${recipes.id}`);

  // Someone without an account: the posts, no sidebar, nothing to change.
  const visitor = await freshPage(browser, baseURL, `/s?token=${token}`);
  await expect(visitor.getByRole('heading', { name: 'Recipes', level: 1 })).toBeVisible();
  await expect(posts(visitor).getByRole('heading', { name: 'Lemon tart' })).toBeVisible();
  await expect(visitor.getByText('Blind-bake the shell first.')).toBeVisible();
  await expect(visitor.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Toggle sidebar' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Options', exact: true })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Post options' })).toHaveCount(0);
  await visitor.screenshot({ path: testInfo.outputPath('public-view-1280.png') });

  // The owner switches the link off: the same address now says so (PRODUCT.md#public-view).
  await page.goto(`/c/${recipes.id}/edit`);
  await page.getByRole('switch', { name: 'Share by link' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/c/${recipes.id}`);
  await visitor.goto(`/s?token=${token}`);
  await expect(
    visitor.getByRole('heading', { name: 'This link is no longer shared', level: 1 }),
  ).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await visitor.context().close();
});

test('a member finds a shared collection and its sub-collection under Shared Collections and adds a post the owner sees', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const bea = { name: 'Bea Member', email: 'bea@nestmark.test', password: 'bea-password-1' };
  await api(page, 'POST', '/api/users', bea);
  const team = await api<CollectionData>(page, 'POST', '/api/collections', {
    name: 'Team notes',
  });
  await api(page, 'POST', '/api/collections', { name: 'Drafts', parent_id: team.id });

  // The owner adds Bea on the collection form; the change applies at once.
  await page.goto(`/c/${team.id}/edit`);
  await page.getByPlaceholder('Search users by name').fill('bea');
  await page.getByRole('button', { name: 'Add Bea Member' }).click();
  await expect(
    page.getByRole('list', { name: 'Members' }).getByText('Bea Member', { exact: true }),
  ).toBeVisible();
  // A new member can view; the owner lets Bea edit.
  const level = page.getByRole('combobox', { name: 'Access of Bea Member' });
  await expect(level).toHaveValue('4');
  await level.selectOption({ label: 'Can edit' });
  await expect(level).toHaveValue('7');
  await expect(level).toBeEnabled();

  const member = await freshPage(browser, baseURL, '/login');
  await signIn(member, bea);
  const memberSidebar = sidebar(member);
  await expect(memberSidebar.getByRole('heading', { name: 'Shared Collections' })).toBeVisible();
  await memberSidebar.getByRole('button', { name: 'Expand Team notes' }).click();
  await expect(memberSidebar.getByRole('link', { name: 'Drafts' })).toBeVisible();

  await memberSidebar.getByRole('link', { name: 'Team notes' }).click();
  await expect(member).toHaveURL(`/c/${team.id}`);
  await member.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Create Post' })).toBeVisible();
  await member.getByPlaceholder('Title').fill('Agenda for Monday');
  await member.getByRole('textbox', { name: 'Content' }).fill('Budget, then the roadmap.');
  await member.getByRole('button', { name: 'Save' }).click();
  await expect(member).toHaveURL(`/c/${team.id}`);
  await expect(posts(member).getByRole('heading', { name: 'Agenda for Monday' })).toBeVisible();
  await member.context().close();

  // The owner sees the member's post in their own collection.
  await page.goto(`/c/${team.id}`);
  await expect(posts(page).getByRole('heading', { name: 'Agenda for Monday' })).toBeVisible();
  await expect(page.getByText('Budget, then the roadmap.')).toBeVisible();
});
