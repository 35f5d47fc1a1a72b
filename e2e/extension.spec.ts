/// <reference lib="dom" />
/// <reference types="chrome" />
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { api, CHROMIUM_LAUNCH_OPTIONS, E2E_PORT, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * The browser extension (PRODUCT.md#browser-extension), loaded unpacked from its build
 * (`npm run build:extension`) into Chromium: set the server and a token in the options, save a
 * page with its selected text from the popup into a collection with a tag, find it in the web app,
 * and meet the duplicate warning when saving it again.
 *
 * Two things a user does by hand are done here by the test:
 * - The browser's prompt for the permission to reach the server (asked when the options are
 *   saved) cannot be answered in a headless browser, so the test grants the site access first, as
 *   a user would on the extension's page in chrome://extensions; the extension's own request then
 *   succeeds without a prompt.
 * - The popup is opened as a page, for the test page's tab by `?tab=`: the way the context menu
 *   opens it (in a small window), since a test cannot click the toolbar button.
 */

const EXTENSION_DIR = resolve('dist/extension/chromium');
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

const test = base.extend<{ extension: { context: BrowserContext; id: string } }>({
  // eslint-disable-next-line no-empty-pattern -- a fixture names what it needs by destructuring.
  extension: async ({}, use) => {
    if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(`No extension build in ${EXTENSION_DIR}: run npm run build:extension first.`);
    }
    const userDataDir = mkdtempSync(join(tmpdir(), 'nestmark-extension-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      ...CHROMIUM_LAUNCH_OPTIONS,
      headless: true,
      baseURL: APP_ORIGIN,
      args: [
        ...CHROMIUM_LAUNCH_OPTIONS.args,
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
      ],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    await use({ context, id });
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  },
});

/** Grants the extension access to every port of 127.0.0.1, as chrome://extensions does. */
async function grantSiteAccess(context: BrowserContext, id: string) {
  const page = await context.newPage();
  await page.goto('chrome://extensions/');
  await page.evaluate(
    (extensionId) =>
      (
        chrome as unknown as {
          developerPrivate: { addHostPermission(id: string, host: string): Promise<void> };
        }
      ).developerPrivate.addHostPermission(extensionId, 'http://127.0.0.1/*'),
    id,
  );
  await page.close();
}

/** The id of the tab showing `url`, as the extension sees it. */
async function tabIdOf(extensionPage: Page, url: string): Promise<number> {
  return extensionPage.evaluate(async (wanted) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((candidate) => candidate.url === wanted);
    if (tab?.id === undefined) throw new Error(`no tab shows ${wanted}`);
    return tab.id;
  }, url);
}

test('save a page from the popup into a collection with a tag; a second save warns', async ({
  extension: { context, id },
}) => {
  const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const app = await context.newPage();
  await signIn(app);
  const me = await api<{ name: string }>(app, 'GET', '/api/auth/me');
  const collectionName = `Reading ${run}`;
  const collection = await api<{ id: number }>(app, 'POST', '/api/collections', {
    name: collectionName,
  });
  const makeToken = async (scope: 'read' | 'write') =>
    (await api<{ token: string }>(app, 'POST', '/api/tokens', { name: `Extension ${run}`, scope }))
      .token;
  await grantSiteAccess(context, id);

  // Options: a read-only token is told apart; a token that may write is saved and tested.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${id}/options.html`);
  await options.getByLabel('Server address').fill(APP_ORIGIN);
  await options.getByLabel('Access token').fill(await makeToken('read'));
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('alert')).toHaveText(
    `The token signs in as ${me.name} but may only read: create one with write access.`,
  );
  await options.getByLabel('Access token').fill(await makeToken('write'));
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText(
    `Saved. Connected to ${APP_ORIGIN} as ${me.name}.`,
  );

  // A page with a selection, saved from the popup.
  const pageUrl = `${PAGES_ORIGIN}/article.html?run=${run}`;
  const article = await context.newPage();
  await article.goto(pageUrl);
  await article.getByRole('heading', { name: 'Field notes on testing' }).selectText();
  const tabId = await tabIdOf(options, pageUrl);

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 640 });
  await popup.goto(`chrome-extension://${id}/popup.html?tab=${tabId}`);
  await expect(popup.getByLabel('Title')).toHaveValue('Field notes on testing | Example Journal');
  await expect(popup.getByLabel('Note')).toHaveValue('Field notes on testing');
  await expect(popup.getByText('Already saved in')).toHaveCount(0);
  await popup.getByRole('combobox', { name: 'Collection' }).click();
  await popup.getByRole('option', { name: collectionName }).click();
  await popup.getByRole('combobox', { name: 'Tags' }).fill(`field-${run}`);
  await popup.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('status')).toHaveText(`Saved to ${collectionName}.`);
  const link = popup.getByRole('link', { name: 'Open in Nestmark' });
  await expect(link).toHaveAttribute('href', new RegExp(`^${APP_ORIGIN}/p/\\d+$`));

  // In the web app: the post, in its collection, with its tag and the selection as its note.
  await app.goto(`/c/${collection.id}`);
  const card = app
    .getByRole('list', { name: 'Posts' })
    .getByRole('listitem')
    .filter({ hasText: 'Field notes on testing' });
  await expect(card).toContainText(`field-${run}`);
  // The popup's link opens the post in the web app.
  const postUrl = (await link.getAttribute('href'))!;
  await app.goto(postUrl);
  await expect(app.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Field notes on testing | Example Journal',
  );

  // Saving the page again: the popup says where it is, with a link to it.
  const again = await context.newPage();
  await again.setViewportSize({ width: 380, height: 640 });
  await again.goto(`chrome-extension://${id}/popup.html?tab=${tabId}`);
  const warning = again.getByRole('status').filter({ hasText: 'Already saved in' });
  await expect(warning).toContainText(`Already saved in ${collectionName}`);
  await expect(warning.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', postUrl);
});
