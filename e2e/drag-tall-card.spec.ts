import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Dragging (PRODUCT.md#posts-order): a tall card dragged by its handle to the top of the list lands
 * at the top, and while it is dragged it hides the cards beneath it.
 */

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const headings = (page: Page) => posts(page).getByRole('heading');

test('a tall card dragged to the top lands first, and is opaque on its way', async ({ page }) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Tall ${randomUUID().slice(0, 8)}`,
  });
  const paragraphs = Array.from(
    { length: 14 },
    (_, line) => `<p>Line ${line + 1} of a long note.</p>`,
  );
  await api(page, 'POST', '/api/posts', {
    title: 'Long note',
    content: paragraphs.join(''),
    collection_id: collection.id,
  });
  for (const title of ['Short one', 'Short two']) {
    await api(page, 'POST', '/api/posts', {
      title,
      content: `<p>${title}.</p>`,
      collection_id: collection.id,
    });
  }
  await page.goto(`/c/${collection.id}`);
  await expect(headings(page)).toHaveText(['Short two', 'Short one', 'Long note']);

  const tall = posts(page).getByRole('article').filter({ hasText: 'Long note' });
  await tall.hover();
  const handle = (await tall.getByRole('button', { name: 'Move Long note' }).boundingBox())!;
  const top = (await posts(page).getByRole('article').first().boundingBox())!;
  const x = handle.x + handle.width / 2;
  await page.mouse.move(x, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, handle.y + handle.height / 2 - 10, { steps: 3 });
  await page.mouse.move(x, top.y + 12, { steps: 15 });
  // What shows of the card: the product of its own and its ancestors' opacities.
  const seen = await tall.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });
  expect(seen).toBe(1);
  await page.mouse.up();

  await expect(headings(page)).toHaveText(['Long note', 'Short two', 'Short one']);
  await expect(posts(page).getByText('Saving')).toHaveCount(0);
  await page.reload();
  await expect(headings(page)).toHaveText(['Long note', 'Short two', 'Short one']);
});
