/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * The command palette (PRODUCT.md#command-palette) on Ctrl+K: jump to a collection by its path
 * and to a tag by name, run New post and Toggle theme, find a post by its title as one types.
 */

/** Opens the palette and types `text` into it. */
async function palette(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  const field = page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox');
  await expect(field).toBeFocused();
  await field.fill(text);
  return page.getByRole('dialog', { name: 'Command palette' });
}

test('Ctrl+K jumps to a collection and a tag, runs actions and finds a post by title', async ({
  page,
  context,
}) => {
  // A person of its own: the theme it toggles is saved on the user.
  const run = randomUUID().slice(0, 8);
  const person = { email: `kp-${run}@nestmark.test`, password: `palette ${run} password` };
  await signIn(page);
  await api(page, 'POST', '/api/users', { name: `Kim ${run}`, ...person });
  await context.clearCookies();
  await signIn(page, person);
  const work = await api<{ id: number }>(page, 'POST', '/api/collections', { name: 'Work' });
  const clients = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: 'Clients',
    parent_id: work.id,
  });
  const note = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title: 'Quarterly needle report',
    content: '<p>Numbers</p>',
    collection_id: work.id,
    tag_names: ['budgets'],
  });
  const tag = (await api<{ id: number; name: string }[]>(page, 'GET', '/api/tags')).find(
    (each) => each.name === 'budgets',
  )!;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Uncategorized' })).toBeVisible();

  // A collection by name, shown with its full path.
  let dialog = await palette(page, 'clie');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Work / Clients');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/c/${clients.id}`);

  // Arrow keys move through the choices.
  dialog = await palette(page, 'work');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Work');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Work / Clients');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await palette(page, 'budg');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('budgets');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/tags/${tag.id}`);
  // The address changes before the page has drawn: wait for the tag's page, so that the palette
  // opens over it and not over the collection before it.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('budgets');

  // New post from the palette: the new-post screen.
  dialog = await palette(page, 'new post');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('New post');
  await page.keyboard.press('Enter');
  // The new-post screen loads the editor first: slow on a busy machine.
  await expect(page).toHaveURL('/c/0/p/create', { timeout: 20_000 });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Uncategorized' })).toBeVisible();
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  dialog = await palette(page, 'toggle theme');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Toggle theme');
  await page.keyboard.press('Enter');
  await expect(html).toHaveClass(/dark/);
  // Saved on the user: it stays after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Uncategorized' })).toBeVisible();
  await expect(html).toHaveClass(/dark/);

  // A post by its title, found by the search as one types.
  dialog = await palette(page, 'needle');
  const found = dialog.getByRole('option', { name: /Quarterly needle report/ });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page).toHaveURL(`/p/${note.id}`);
});
