import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { Post } from '../contract/posts.ts';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * The post editor takes care of what is typed (PRODUCT.md#post-editor, #rich-content): a link
 * block made by typing `<https://…>` leaves the cursor after it, and leaving with unsaved changes
 * asks first.
 */

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

async function newCollection(page: Page) {
  return api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Editor ${randomUUID().slice(0, 8)}`,
  });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('typing a URL in angle brackets makes a link block and writing goes on after it', async ({
  page,
}) => {
  const collection = await newCollection(page);
  await page.goto(`/c/${collection.id}/p/create`);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type(`See <${PAGES_ORIGIN}/article.html> here and there`);

  await expect(content.locator('.unfurling-link')).toHaveCount(1);
  await expect(content.locator('p').last()).toHaveText(/^\s?here and there$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/c/${collection.id}`);
  const [saved] = await api<Post[]>(page, 'GET', `/api/posts?collection_id=${collection.id}`);
  expect(saved!.content).toMatch(
    /^<p>See <\/p><unfurling-link href="[^"]+article\.html"[^>]*><\/unfurling-link><p>\s?here and there<\/p>$/,
  );
});

test('leaving the editor with unsaved changes asks first; saving or no change does not', async ({
  page,
}) => {
  const collection = await newCollection(page);
  const post = await api<Post>(page, 'POST', '/api/posts', {
    title: 'Draft',
    content: '<p>First thoughts</p>',
    collection_id: collection.id,
  });
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });

  // Nothing changed: a link just leaves.
  await page.goto(`/c/${collection.id}`);
  await page.getByRole('link', { name: 'Draft' }).click();
  await expect(page.getByPlaceholder('Title')).toHaveValue('Draft');
  await sidebar(page).getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL('/tags');
  await expect(discard).toBeHidden();

  // A change: the link asks; Keep editing stays with the change.
  await page.goBack();
  await expect(page.getByPlaceholder('Title')).toHaveValue('Draft');
  await page.getByPlaceholder('Title').fill('Draft, revised');
  await sidebar(page).getByRole('link', { name: 'Tags' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(`/p/${post.id}`);
  await expect(page.getByPlaceholder('Title')).toHaveValue('Draft, revised');

  // Back asks too; Discard changes leaves and nothing is saved.
  await page.goBack();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(`/c/${collection.id}`);
  expect((await api<Post>(page, 'GET', `/api/posts/${post.id}`)).title).toBe('Draft');

  // Saving leaves without a question.
  await page.getByRole('link', { name: 'Draft' }).click();
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type(' and second thoughts');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/c/${collection.id}`);
  await expect(discard).toBeHidden();
  expect((await api<Post>(page, 'GET', `/api/posts/${post.id}`)).content).toContain(
    'second thoughts',
  );
});
