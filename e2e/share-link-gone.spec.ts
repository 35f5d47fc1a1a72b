import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { PublicShare } from '../contract/shares.ts';
import { api, signIn } from './fixtures.ts';

/**
 * A share link that opens nothing (PRODUCT.md#public-view, #messages): an unknown token, a link
 * its owner switched off, and a token that cannot be one all show "This link is no longer shared",
 * never the sign-in form; a signed-in user sees the same, with a way to their own library.
 */

const GONE = 'This link is no longer shared';
const ASK = 'Ask whoever sent it to you for a new link.';

/** 32 letters and digits that no share was ever made with. */
function unknownToken(): string {
  return randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 32);
}

async function visitorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** The page a dead link shows: the product, the heading and the hint, no sign-in form. */
async function expectLinkGone(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: GONE, level: 1 })).toBeVisible();
  await expect(page.getByText(ASK)).toBeVisible();
  await expect(page.getByText('Nestmark', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Nestmark - ${GONE}`);
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

test('a dead share link says it is no longer shared, to visitors and to signed-in users', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: 'Old trip',
  });
  const share = await api<PublicShare>(page, 'POST', '/api/shares/public', {
    collection_id: collection.id,
  });
  await api(page, 'PATCH', `/api/shares/public/${share.id}`, { is_active: false });

  const visitor = await visitorPage(browser, baseURL);
  // An unknown token, a switched-off share, and tokens that cannot be share tokens.
  await expectLinkGone(visitor, `/s?token=${unknownToken()}`);
  await expectLinkGone(visitor, `/s?token=${share.token}`);
  await expectLinkGone(visitor, '/s?token=not-a-token');
  await expectLinkGone(visitor, `/p/1?token=${encodeURIComponent('✓'.repeat(40))}`);
  await expectLinkGone(visitor, '/s');
  // A visitor has no library to go to.
  await expect(visitor.getByRole('link', { name: 'Go to your library' })).toHaveCount(0);
  await visitor.context().close();

  // The signed-in owner: the same message, a way home, and still signed in.
  await expectLinkGone(page, `/s?token=${share.token}`);
  await page.getByRole('link', { name: 'Go to your library' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
});
