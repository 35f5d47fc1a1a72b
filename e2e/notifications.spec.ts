import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { api, signIn } from './fixtures.ts';

/**
 * Where notifications appear (PRODUCT.md#notification): on a phone never over an open bottom
 * sheet, on a desktop at the bottom right; and "Nestmark works offline now" only inside the
 * signed-in app, never on the sign-in page or a public share.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The box of `locator` once its animations and transitions (sliding in) have finished; one that is
 * replaced midway by another is waited for through the new one.
 */
async function settledBox(locator: Locator): Promise<Box> {
  await locator.evaluate(async (element) => {
    for (;;) {
      const running = element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.playState === 'running');
      if (running.length === 0) return;
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
  return (await locator.boundingBox())!;
}

// The open sheet hides the rest of the page from the accessibility tree, the notifications too.
const notification = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Pastes the clipboard with Paste of the collection's options sheet and holds the request; the
 * returned function answers it with a server error of `status`, whose notification ("Error
 * {status}") then appears.
 */
async function pasteAndHold(page: Page, status: number): Promise<() => Promise<void>> {
  let hold: ((route: Route) => void) | undefined;
  const arrived = new Promise<Route>((resolve) => (hold = resolve));
  await page.route('**/api/posts', async (route) => {
    if (!hold || route.request().method() !== 'POST') return route.fallback();
    hold(route);
    hold = undefined;
  });
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Options' })
    .getByRole('button', { name: 'Paste' })
    .click();
  const route = await arrived;
  return () => route.fulfill({ status, json: { error: 'Server error' } });
}

/** Checks that the notification saying `text` covers none of the open sheet's choices. */
async function expectSheetUncovered(page: Page, sheet: Locator, text: string) {
  const toast = notification(page, text);
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const toastBox = await settledBox(toast);
  await settledBox(sheet);
  const choices = sheet.locator('a, button');
  expect(await choices.count()).toBeGreaterThan(1);
  for (const choice of await choices.all()) {
    const box = (await choice.boundingBox())!;
    const name = await choice.innerText();
    expect(overlaps(toastBox, box), `the notification covers "${name}"`).toBe(false);
  }
}

test('at 375 px a notification never covers an open options sheet', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: 'Phone finds',
  });
  await api(page, 'POST', '/api/posts', {
    title: 'Trail map',
    content: '<p>Trail map body</p>',
    collection_id: collection.id,
  });
  await page.goto(`/c/${collection.id}`);
  await expect(page.getByRole('heading', { name: 'Trail map' })).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText('A note from the phone'));

  // The collection's sheet (Paste, Edit Collection) is open when the failure is told.
  const fail = await pasteAndHold(page, 500);
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  const options = page.getByRole('dialog', { name: 'Options' });
  await expect(options).toBeVisible();
  await fail();
  await expectSheetUncovered(page, options, 'Error 500');
  // Nor the top bar, whose Options and Create stay in reach.
  const topBar = (await page.locator('header').first().boundingBox())!;
  const toastBox = (await notification(page, 'Error 500').boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
  await page.screenshot({ path: testInfo.outputPath('notification-options-sheet-375.png') });
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();

  // So is a post's sheet (Transfer, Edit, Delete).
  const failAgain = await pasteAndHold(page, 503);
  await page.getByRole('button', { name: 'Post options' }).first().click();
  const postOptions = page.getByRole('dialog', { name: 'Post options' });
  await expect(postOptions).toBeVisible();
  await failAgain();
  await expectSheetUncovered(page, postOptions, 'Error 503');
  await page.screenshot({ path: testInfo.outputPath('notification-post-sheet-375.png') });
});

test('at 1280 px notifications stay at the bottom right', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Paste' }).click();
  const toast = notification(page, 'Clipboard is empty.');
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const box = await settledBox(toast);
  expect(box.x + box.width).toBeGreaterThan(1280 - 48);
  expect(box.x).toBeGreaterThan(1280 / 2);
  expect(box.y + box.height).toBeGreaterThan(720 - 48);

  // The menu is a dropdown under its button here, far from the notification.
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(overlaps(box, await settledBox(menu))).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('notification-menu-1280.png') });
});

const OFFLINE_READY = 'Nestmark works offline now';

/**
 * Records, from the page's start, the path of every page on which "works offline now" appears, in
 * `window.offlineReadyShownOn`.
 */
async function recordOfflineReadyNotices(page: Page) {
  await page.addInitScript((text) => {
    const shownOn: string[] = [];
    Object.assign(window, { offlineReadyShownOn: shownOn });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLElement && node.textContent.includes(text)) {
            shownOn.push(location.pathname);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, OFFLINE_READY);
}

const shownOn = (page: Page) => page.evaluate<string[]>('window.offlineReadyShownOn');

/**
 * Waits until the service worker of a first visit has told the page it works offline: the notice is
 * then pending (or, wrongly, already shown).
 */
async function waitForOfflineReady(page: Page) {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await expect
    .poll(
      async () =>
        (await shownOn(page)).length > 0 ||
        (await page.evaluate(() => localStorage.getItem('nestmark:offline-ready') === 'true')),
    )
    .toBe(true);
}

test('"works offline now" waits for the signed-in app and shows there once', async ({
  page,
}, testInfo) => {
  await recordOfflineReadyNotices(page);
  await page.goto('/login');
  await waitForOfflineReady(page);
  await page.screenshot({ path: testInfo.outputPath('login-service-worker-ready.png') });
  expect(await shownOn(page)).toEqual([]);

  await page.getByLabel('Email').fill('owner@nestmark.test');
  await page.getByLabel('Password').fill('e2e-owner-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expect(notification(page, OFFLINE_READY)).toBeVisible();
  expect(await shownOn(page)).toEqual(['/']);
  // Told: nothing is pending any more, so it is not told again.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nestmark:offline-ready')))
    .toBe('false');
});

test('"works offline now" does not show on a public share', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: 'Shared reading',
  });
  const share = await api<{ token: string }>(page, 'POST', '/api/shares/public', {
    collection_id: collection.id,
  });

  const visitorContext = await browser.newContext({ baseURL });
  try {
    const visitor = await visitorContext.newPage();
    await recordOfflineReadyNotices(visitor);
    await visitor.goto(`/s?token=${share.token}`);
    await expect(visitor.getByRole('heading', { name: 'Shared reading', level: 1 })).toBeVisible();
    await waitForOfflineReady(visitor);
    await visitor.screenshot({ path: testInfo.outputPath('share-service-worker-ready.png') });
    expect(await shownOn(visitor)).toEqual([]);
  } finally {
    await visitorContext.close();
  }
});
