/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * Phones (PRODUCT.md#post-card, #post-editor): a card's title has the card's whole width (its
 * handle and menu sit at its foot), so words are not broken; the editor's formatting bar is one
 * row that scrolls sideways.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

const title = 'Counterrevolutionaries reconsidered: bookmarking applications';

test('on a phone a card’s title keeps its words whole, and the formatting bar is one row', async ({
  page,
}) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Phone ${randomUUID().slice(0, 8)}`,
  });
  await api(page, 'POST', '/api/posts', {
    title,
    content: `${PAGES_ORIGIN}/article.html`,
    collection_id: collection.id,
  });
  await api(page, 'POST', '/api/posts', {
    title,
    content: '<p>Notes on the same.</p>',
    collection_id: collection.id,
  });
  await page.goto(`/c/${collection.id}`);

  const headings = page.getByRole('list', { name: 'Posts' }).getByRole('heading', { name: title });
  await expect(headings).toHaveCount(2);
  for (const heading of await headings.all()) {
    // Every word of the title lies on one line.
    const brokenWords = await heading.evaluate((element) => {
      const text = element.querySelector('a')?.firstChild ?? element.firstChild!;
      const range = document.createRange();
      const broken: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
  }
  // The menu sits below the title, not beside it.
  const card = page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
  const headingBox = (await card.getByRole('heading').boundingBox())!;
  const menuBox = (await card.getByRole('button', { name: 'Post options' }).boundingBox())!;
  expect(menuBox.y).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);
  await page.screenshot({ path: test.info().outputPath('cards-375.png') });

  await page.goto(`/c/${collection.id}/p/create`);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible();
  const bar = await toolbar.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    scrolls: element.scrollWidth > element.clientWidth,
  }));
  expect(bar.height).toBeLessThan(60);
  expect(bar.scrolls).toBe(true);
  await page.screenshot({ path: test.info().outputPath('editor-375.png') });
});
