import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * A collection's page: its sub-collections as tiles with their posts (those below them included),
 * its post count, the sidebar's counts, and a sort chosen from the header that reorders the list,
 * turns dragging off and is remembered for that collection across a reload.
 */

interface Created {
  id: number;
}

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const postTitles = (page: Page) => posts(page).getByRole('heading', { level: 2 });

test('a parent collection shows its sub-collections with counts and keeps the sort chosen', async ({
  page,
}, testInfo) => {
  await signIn(page);
  const run = testInfo.repeatEachIndex;
  const collection = (name: string, parent_id: number | null = null) =>
    api<Created>(page, 'POST', '/api/collections', { name: `${name} ${run}`, parent_id });
  const post = (title: string, collection_id: number) =>
    api<Created>(page, 'POST', '/api/posts', {
      title,
      content: `<p>${title}</p>`,
      collection_id,
      tag_names: [],
    });

  // Trips: three posts of its own; Japan holds two and Kyoto (below it) one more; Peru none.
  const trips = await collection('Trips');
  const japan = await collection('Japan', trips.id);
  const kyoto = await collection('Kyoto', japan.id);
  await collection('Peru', trips.id);
  for (const title of ['Charlie', 'alpha', 'Bravo']) await post(title, trips.id);
  for (const title of ['Tokyo', 'Osaka']) await post(title, japan.id);
  await post('Temples', kyoto.id);

  await page.goto(`/c/${trips.id}`);
  const tiles = page.getByRole('list', { name: 'Sub-collections' });
  await expect(tiles.getByRole('link')).toHaveText([`Japan ${run}3 posts`, `Peru ${run}0 posts`]);
  await expect(page.getByText(/^3 posts · 6 with sub-collections$/)).toBeVisible();
  // The sidebar counts each collection's own posts.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(
    sidebar
      .getByRole('link', { name: `Trips ${run}`, exact: true })
      .getByText('3', { exact: true }),
  ).toBeVisible();

  // Manual order (the newest post on top), each post draggable.
  await expect(postTitles(page)).toHaveText(['Bravo', 'alpha', 'Charlie']);
  await expect(posts(page).getByRole('button', { name: /^Move / })).toHaveCount(3);

  // By title: A to Z ignoring case, nothing to drag.
  await page.getByRole('button', { name: 'Sort: Manual order' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Title' }).click();
  await expect(page.getByRole('button', { name: 'Sort: Title' })).toBeVisible();
  await expect(postTitles(page)).toHaveText(['alpha', 'Bravo', 'Charlie']);
  await expect(posts(page).getByRole('button', { name: /^Move / })).toHaveCount(0);

  // Remembered for this collection, not for the others.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sort: Title' })).toBeVisible();
  await expect(postTitles(page)).toHaveText(['alpha', 'Bravo', 'Charlie']);

  // A tile opens its sub-collection, in its own (manual) order.
  await tiles.getByRole('link', { name: new RegExp(`^Japan ${run}`) }).click();
  await expect(page).toHaveURL(`/c/${japan.id}`);
  await expect(page.getByRole('button', { name: 'Sort: Manual order' })).toBeVisible();
  await expect(postTitles(page)).toHaveText(['Osaka', 'Tokyo']);
  await expect(page.getByRole('list', { name: 'Sub-collections' }).getByRole('link')).toHaveText([
    `Kyoto ${run}1 post`,
  ]);
});

test('a public link that opens sub-collections shows them as tiles with their counts', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signIn(page);
  const run = testInfo.repeatEachIndex;
  const collection = (name: string, parent_id: number | null = null) =>
    api<Created>(page, 'POST', '/api/collections', { name: `${name} ${run}`, parent_id });
  const post = (title: string, collection_id: number) =>
    api<Created>(page, 'POST', '/api/posts', { title, content: `<p>${title}</p>`, collection_id });

  const garden = await collection('Garden');
  const herbs = await collection('Herbs', garden.id);
  const basil = await collection('Basil', herbs.id);
  await post('Compost', garden.id);
  await post('Mint', herbs.id);
  await post('Genovese', basil.id);
  await post('Thai basil', basil.id);
  const share = await api<{ token: string }>(page, 'POST', '/api/shares/public', {
    collection_id: garden.id,
    is_active: true,
    include_descendants: true,
  });

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(`/s?token=${share.token}`);
  await expect(visitor.getByText('1 post', { exact: true })).toBeVisible();
  const tiles = visitor.getByRole('list', { name: 'Sub-collections' });
  // Herbs: its own post and the two of Basil below it.
  await expect(tiles.getByRole('link')).toHaveText([`Herbs ${run}3 posts`]);
  await tiles.getByRole('link').click();
  await expect(posts(visitor).getByRole('heading', { name: 'Mint' })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Sub-collections' }).getByRole('link')).toHaveText(
    [`Basil ${run}2 posts`],
  );
  await context.close();
});
