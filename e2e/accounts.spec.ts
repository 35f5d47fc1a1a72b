import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, mailedResetLink, OWNER, signIn } from './fixtures.ts';

/**
 * Accounts and the app around them: user administration, password reset by mail, the theme without
 * a flash, the mobile sidebar, the share target and the offline app shell.
 */

test('the owner creates a user, who resets a forgotten password by mail and signs in', async ({
  page,
}) => {
  // A new person each run, so that a retry does not meet the account the first attempt made.
  const run = randomUUID().slice(0, 8);
  const grace = { name: `Grace Hopper ${run}`, email: `grace-${run}@nestmark.test` };
  await signIn(page);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Nestmark - Users');
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Owner/ })).toContainText(OWNER.email);

  await page.getByRole('link', { name: 'Create User' }).click();
  await page.getByLabel('Name').fill(grace.name);
  await page.getByLabel('Email').fill(grace.email);
  await page.getByLabel('Password').fill('first password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/users');
  await expect(table.getByRole('link', { name: grace.name })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');

  // Forgot → mail → reset.
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill(grace.email);
  await page.getByRole('button', { name: 'Request Reset' }).click();
  // The answer waits for the mail to be handed to the SMTP server: longer than a page's work.
  await expect(page.getByText('If an account uses this email address')).toBeVisible({
    timeout: 15_000,
  });
  const link = new URL(await mailedResetLink(grace.email));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill('second password');
  await page.getByLabel('Confirm Password').fill('second password');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  // Signed in with the new password, at / (PRODUCT.md#after-an-action).
  await expect(page).toHaveURL('/');
  await expect(page.locator('#sidebar').getByText(grace.name)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Email').fill(grace.email);
  await page.getByLabel('Password').fill('second password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill('third password');
  await page.getByLabel('Confirm Password').fill('third password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('a reset link without token and email says what is missing', async ({ page }) => {
  await page.goto('/reset');
  await expect(
    page.getByText('Your url needs to contain a token and an email address.'),
  ).toBeVisible();
});

test('Dark, chosen on My Account, survives a reload without a light flash', async ({ page }) => {
  // Records the theme class at the moment <body> is parsed: after the inline script in <head>,
  // before the app's module script and before anything is painted. (Browser code is written as
  // strings: the e2e files are type-checked without the DOM library.)
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.body) return;
      window.darkAtBody = document.documentElement.classList.contains('dark');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
  });
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'My Account' })
    .click();
  await expect(page).toHaveTitle('Nestmark - My Account');
  await page.getByText('Dark', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await page.reload();
  expect(await page.evaluate('window.darkAtBody')).toBe(true);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // Back to Default for the other journeys.
  await page.getByText('Default', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('at 375 px the sidebar is a drawer that hides after navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toBeInViewport();
  await sidebar.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/users');
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await sidebar.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveTitle('Nestmark - My Account');
  await expect(sidebar).not.toBeInViewport();
});

test('at 375 px the options menu of the top bar is a sheet at the bottom of the screen', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: 'Pocket finds',
  });
  await page.goto(`/c/${collection.id}`);
  await page.getByRole('button', { name: 'Options', exact: true }).click();

  const sheet = page.getByRole('dialog', { name: 'Options' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Full width, its lower edge on the screen's once it has slid up.
  await expect
    .poll(async () => {
      const box = (await sheet.boundingBox())!;
      return [box.x, box.width, Math.round(box.y + box.height)];
    })
    .toEqual([0, 375, 812]);
  await page.screenshot({ path: testInfo.outputPath('options-sheet-375.png') });

  await sheet.getByRole('link', { name: 'Edit Collection' }).click();
  await expect(page).toHaveURL(`/c/${collection.id}/edit`);
  await expect(sheet).toBeHidden();
});

test('the share target URL opens the post editor prefilled', async ({ page }) => {
  await signIn(page);
  await page.goto(
    '/c/0/p/create?title=Shared%20from%20a%20phone&text=Worth%20reading&url=https%3A%2F%2Fexample.com%2Farticle',
  );
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();
  await expect(page.getByPlaceholder('Title')).toHaveValue('Shared from a phone');
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(content).toContainText('Worth reading');
  await expect(content).toContainText('https://example.com/article');
});

test('the installed app shell opens without a connection and says it is offline', async ({
  page,
  context,
}) => {
  await signIn(page);
  // The service worker installs on the first visit and controls the pages loaded after it.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  await expect.poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
