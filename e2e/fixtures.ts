import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { resetLinkIn } from '../server/test/smtp-mailbox.ts';

export { corpusBookmarkFile } from '../server/test/corpus.ts';

/**
 * How the journeys (and the browse benchmark) start Debian's Chromium: headless as root, with
 * nothing that calls out to Google's hosts, which this closed network refuses.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** E2E_PORT lets several checkouts run their journeys at the same time. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * The page server of e2e/e2e-server.mjs, whose pages the journeys save as links; 1000 above the
 * app's port so checkouts running side by side do not collide.
 */
export const E2E_PAGES_PORT = Number(process.env.E2E_PAGES_PORT ?? E2E_PORT + 1000);
export const PAGES_ORIGIN = `http://127.0.0.1:${E2E_PAGES_PORT}`;

/** The SMTP server of e2e/global-setup.ts, derived from E2E_PORT so checkouts do not collide. */
export const SMTP_PORT = E2E_PORT + 20000;

/** Where that SMTP server writes each message it receives. */
export const MAIL_DIR = 'e2e/.run-mail';

/** The reset link of the newest mail to `email`, waiting up to 10 s for it to arrive. */
export async function mailedResetLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = readdirSync(MAIL_DIR)
          .sort((a, b) => parseInt(b, 10) - parseInt(a, 10))
          .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8'))
          .filter((raw) => new RegExp(`^To: .*${email}`, 'im').test(raw));
        link = mails[0] ? resetLinkIn(mails[0]).toString() : '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/** The owner account the e2e server starts with (playwright.config.ts passes it as env). */
export const OWNER = { email: 'owner@nestmark.test', password: 'e2e-owner-password' };

/**
 * Waits until every finite CSS animation and transition of the page has ended (a spinner's endless
 * turn, and an animation that holds its last frame, do not count): after a theme switch colours
 * fade for a moment, and a screenshot or a contrast check should see where they end.
 */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState === 'finished' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Shows `theme` as the app's applyTheme() does (the `dark` class on `<html>`,
 * PRODUCT.md#local-preferences), and waits until the page has it and its colours have settled.
 */
export async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    (dark) => document.documentElement.classList.toggle('dark', dark),
    theme === 'dark',
  );
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
  await waitForTransitions(page);
}

/** Signs in through the login screen (as the owner by default) and waits for the home view. */
export async function signIn(
  page: Page,
  account: { email: string; password: string } = OWNER,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
}

/** The session token of the signed-in page (the `token` cookie, PRODUCT.md#entities). */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'token');
  if (!cookie) throw new Error('not signed in');
  return decodeURIComponent(cookie.value);
}

/** Calls the API as the signed-in user, for setting up a journey's data. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.status() === 204
    ? (undefined as T)
    : ((await response.json()) as { data: T }).data;
}
