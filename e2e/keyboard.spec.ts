/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Keyboard flow in lists (PRODUCT.md#keyboard-shortcuts): j and k move a visible focus between
 * posts, also past the posts drawn in the page; x selects, Enter opens; / focuses the search
 * field, where typing j is only typing; g then t goes to tags; ? lists the shortcuts.
 */

const POST_COUNT = 30;

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const item = (page: Page, title: string) =>
  posts(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('j and k move the focus through a long list; x selects, Enter opens, / g t and ? work', async ({
  page,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const { id } = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Keys ${run}`,
  });
  const ids: number[] = [];
  for (let number = 1; number <= POST_COUNT; number++) {
    const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
      title: `Key note ${run} ${number}`,
      content: `<p>Body ${number}</p>`,
      collection_id: id,
    });
    ids.push(post.id);
  }
  const title = (number: number) => `Key note ${run} ${number}`;
  await page.goto(`/c/${id}`);
  // Newest first (manual order): the last one made is on top.
  await expect(item(page, title(POST_COUNT))).toBeVisible();

  await page.keyboard.press('j');
  await expect(item(page, title(30))).toBeFocused();
  await page.keyboard.press('j');
  await expect(item(page, title(29))).toBeFocused();
  await page.keyboard.press('k');
  await expect(item(page, title(30))).toBeFocused();
  // The focus is shown as the app shows keyboard focus.
  await expect(item(page, title(30))).toHaveCSS('outline-style', 'solid');

  // Far past the posts drawn at first, to the last of the first page of 20…
  for (let step = 0; step < 19; step++) await page.keyboard.press('j');
  await expect(item(page, title(11))).toBeFocused();
  await expect(item(page, title(11))).toBeInViewport();
  // …which brings the next page in, and on into it.
  await expect(item(page, title(10))).toBeAttached();
  for (let step = 0; step < 5; step++) await page.keyboard.press('j');
  await expect(item(page, title(6))).toBeFocused();
  await expect(item(page, title(6))).toBeInViewport();

  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select ${title(6)}` })).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select ${title(6)}` })).not.toBeChecked();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/p/${ids[5]}`, { timeout: 20_000 });

  // / focuses the search field; typing j there is typing, not a move.
  await page.goto(`/c/${id}`);
  await expect(item(page, title(POST_COUNT))).toBeVisible();
  await page.keyboard.press('/');
  const field = page.getByRole('combobox', { name: 'Search posts' });
  await expect(field).toBeFocused();
  await page.keyboard.type(`${run} 10`);
  await expect(page.getByRole('heading', { name: title(10), exact: true })).toBeVisible();
  await page.keyboard.type(' j');
  await expect(field).toHaveValue(`${run} 10 j`);
  await expect(field).toBeFocused();

  await field.blur();
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  // Its page loads on first use.
  await expect(page).toHaveURL('/tags', { timeout: 20_000 });

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Command palette')).toBeVisible();
  await expect(help.getByText('Next post')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
