import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { PageCopy } from '../contract/page-copies.ts';
import type { Post } from '../contract/posts.ts';
import { api, PAGES_ORIGIN, showTheme, signIn, waitForTransitions } from './fixtures.ts';

/**
 * Page copies (PRODUCT.md#page-copies, #reader-view): save a link to a page of the e2e page
 * server, open its reader view from the card menu, look at its snapshot (whose script does not
 * run), and find the post by a word only its page body holds, the passage highlighted.
 */

/** Screenshots at desktop and phone width, in the light and the dark theme. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    for (const [width, height] of [
      [1280, 720],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await waitForTransitions(page);
      await page.screenshot({
        path: testInfo.outputPath(`${name}-${theme}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await showTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('save a link, read its copy, and find it by a word of its page', async ({
  page,
}, testInfo) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Reading ${randomUUID().slice(0, 8)}`,
  });
  // A query string of its own, so that this run's post is the only one with this URL.
  const url = `${PAGES_ORIGIN}/long-read.html?run=${randomUUID().slice(0, 8)}`;
  const link = await api<Post>(page, 'POST', '/api/posts', {
    content: url,
    collection_id: collection.id,
  });
  // The preview, then the copy, are made in the background.
  await expect
    .poll(async () => (await api<PageCopy>(page, 'GET', `/api/posts/${link.id}/copy`)).status, {
      timeout: 30_000,
    })
    .toBe('saved');

  await page.goto(`/c/${collection.id}`);
  const card = page.getByRole('list', { name: 'Posts' }).getByRole('article');
  await expect(card.getByRole('heading')).toHaveText('Life in the tide pools');
  await card.hover();
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Reader view' }).click();
  await expect(page).toHaveURL(`/p/${link.id}/read`);

  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2 }).first()).toHaveText(
    'Life in the tide pools',
  );
  await expect(article.getByRole('link', { name: 'Life in the tide pools' })).toHaveAttribute(
    'href',
    url,
  );
  await expect(article.getByText('Shore Notes', { exact: true })).toBeVisible();
  await expect(article.getByText('Rosa Lindqvist', { exact: true })).toBeVisible();
  await expect(article.getByText(/\d+ min read$/)).toBeVisible();
  await expect(article.getByText(/Saved \w+ \d+, \d{4}$/)).toBeVisible();
  await expect(article.getByText(/bioluminescent sparks/).first()).toBeVisible();
  await expect(article.getByRole('heading', { name: 'What the counts showed' })).toBeVisible();
  // The page's navigation, footer and script are not part of the copy.
  await expect(article.getByText('Archive')).toHaveCount(0);
  await expect(article.getByText('Subscribe')).toHaveCount(0);
  await expect(page.getByText('A script ran')).toHaveCount(0);
  await shoot(page, testInfo, 'reader-view');

  // The snapshot: the page as fetched, in a frame where its script does not run.
  await page.getByRole('button', { name: 'View snapshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snapshot' });
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  const snapshot = page.frameLocator('iframe[title^="Snapshot"]');
  await expect(snapshot.getByRole('heading', { level: 1 })).toHaveText('Life in the tide pools');
  await expect(snapshot.getByText('Subscribe', { exact: false })).toBeVisible();
  await expect(snapshot.locator('#script-ran')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Search: a word of the page body alone finds the post, its passage marked as from the page.
  // Within this run's collection: an earlier run's post has the same page.
  await page.goto(`/search?q=bioluminescent&collection=${collection.id}`);
  const results = page.getByRole('list', { name: 'Search results' });
  const found = results.getByRole('article');
  await expect(found.getByRole('heading')).toHaveText(['Life in the tide pools']);
  await expect(found.getByText('Page', { exact: true })).toBeVisible();
  await expect(found.locator('mark')).toHaveText(['bioluminescent']);
  await shoot(page, testInfo, 'search-page-text');
});
