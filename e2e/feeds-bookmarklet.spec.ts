import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * Saving from anywhere (PRODUCT.md#bookmarklet, #feeds): the bookmarklet of "Save from your
 * browser", run on another site's page, opens the post editor prefilled with that page; a
 * collection's Feed link, made from its options menu, is an Atom feed anyone with it can read.
 */

const ARTICLE = `${PAGES_ORIGIN}/article.html`;

test('the bookmarklet, run on a page, opens the post editor with its link, title and selected text', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Save from browser' }).click();
  await expect(page).toHaveURL('/save-from-browser');
  await expect(page.getByRole('heading', { name: 'Bookmarklet' })).toBeVisible();
  const bookmarklet = page.getByRole('link', { name: 'Save to Nestmark' });
  await expect(bookmarklet).toHaveAttribute('href', /^javascript:/);
  const href = (await bookmarklet.getAttribute('href'))!;

  // Another site's page, with its heading selected; the bookmarklet runs there, as a click on
  // the bookmarks bar runs it (the browser decodes the URL into code).
  const article = await context.newPage();
  await article.goto(ARTICLE);
  await article.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('h1')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const opened = context.waitForEvent('page');
  await article.addScriptTag({
    content: decodeURIComponent(href.slice('javascript:'.length)),
  });
  const editor = await opened;

  await expect(editor).toHaveURL(/\/c\/0\/p\/create\?/);
  await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Field notes on testing | Example Journal',
  );
  const content = editor.getByRole('textbox', { name: 'Content' });
  await expect(content).toContainText('Field notes on testing');
  await expect(content).toContainText(ARTICLE);
  // The page it ran on stays where it was.
  expect(article.url()).toBe(ARTICLE);
});

test("a collection's feed link, made from its options menu, serves its posts to a feed reader", async ({
  page,
  request,
}) => {
  await signIn(page);
  const name = `Feed ${randomBytes(4).toString('hex')}`;
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', { name });
  const link = `https://example.com/${randomBytes(4).toString('hex')}`;
  await api(page, 'POST', '/api/posts', {
    content: link,
    title: 'A post to follow',
    collection_id: collection.id,
    tag_names: ['followed'],
  });

  await page.goto(`/c/${collection.id}`);
  await expect(page.getByText('A post to follow')).toBeVisible();
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Feed link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feed link' });
  // The owner may have a token from an earlier run, which this visit cannot show: a new one.
  await dialog.getByRole('button', { name: /^Make a (new )?feed token$/ }).click();
  const field = dialog.getByRole('textbox', { name: 'Feed URL' });
  await expect(field).toHaveValue(/\/api\/feeds\/[A-Za-z0-9]{32}\/collections\/\d+$/);
  const feedUrl = await field.inputValue();
  expect(feedUrl).toMatch(new RegExp(`/collections/${collection.id}$`));

  // A feed reader has no session (the `request` fixture shares nothing with the page): the URL
  // alone opens the feed.
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await feed.text();
  expect(xml).toContain(`<title>${name}</title>`);
  expect(xml).toContain('<title>A post to follow</title>');
  expect(xml).toContain(`<link href="${link}" rel="alternate"/>`);
  expect(xml).toContain('<category term="followed" label="followed"/>');

  // My Account shows the token made in this visit.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Feeds' })).toBeVisible();
  const token = /\/api\/feeds\/([A-Za-z0-9]{32})\//.exec(feedUrl)![1]!;
  await expect(page.getByRole('textbox', { name: 'Feed token' })).toHaveValue(token);
});
