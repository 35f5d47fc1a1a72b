/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import type { Post } from '../contract/posts.ts';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * A link whose page cannot be read (PRODUCT.md#post-card): its card names the site once and shows
 * the URL once, its favicon is Nestmark's neutral globe, and a link block in a note shows the same
 * globe: no broken image, no error in the console for a site without a favicon.
 */

/** Whether an image finished loading with a picture (a broken one has no natural width). */
const loadedImage = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

test('a link without a preview or favicon shows its site once and a globe, with no console error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Dead links ${randomUUID().slice(0, 8)}`,
  });
  const url = `${PAGES_ORIGIN}/gone-${randomUUID().slice(0, 8)}`;
  const link = await api<Post>(page, 'POST', '/api/posts', {
    content: url,
    collection_id: collection.id,
  });
  await api(page, 'POST', '/api/posts', {
    title: 'Reading notes',
    content: `<p>See this:</p><unfurling-link href="${url}" data-title="A page that left"></unfurling-link>`,
    collection_id: collection.id,
  });
  await expect
    .poll(async () => (await api<Post>(page, 'GET', `/api/posts/${link.id}`)).preview_status, {
      timeout: 15_000,
    })
    .toBe('failed');

  await page.goto(`/c/${collection.id}`);
  const card = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: url }) });
  await expect(card.getByRole('heading')).toHaveText('127.0.0.1');
  await expect(card.getByText(url, { exact: true })).toHaveCount(1);
  const favicon = card.locator('img[src^="/api/favicons/"]');
  await expect.poll(() => loadedImage(favicon)).toBe(true);

  const block = page.locator('a.unfurling-link');
  await expect(block).toContainText('A page that left');
  await expect.poll(() => loadedImage(block.locator('img'))).toBe(true);
  expect(errors).toEqual([]);
});
