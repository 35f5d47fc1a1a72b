import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * Saving from anywhere (PRODUCT.md#access-tokens, #duplicate-check): a personal access token made
 * under My Account, shown once, used from outside the session, then revoked; the post editor's
 * warning that a link is already saved; the API documentation.
 */

/** A request from the page with `token` as its Bearer credential instead of the session. */
function fetchWithToken(page: Page, token: string, method: string, path: string) {
  return page.evaluate(
    async ({ token, method, path }) => {
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ content: 'https://example.com/' }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { token, method, path },
  );
}

test('a token made in My Account is shown once, reads the posts, and fails once revoked; the editor warns of a saved link', async ({
  page,
  context,
}, testInfo) => {
  // A new person each run, so that a retry does not meet the tokens the first attempt made.
  const run = randomUUID().slice(0, 8);
  const person = { email: `ada-${run}@nestmark.test`, password: `correct horse ${run} battery` };
  await signIn(page);
  await api(page, 'POST', '/api/users', { name: `Ada ${run}`, ...person });
  await context.clearCookies();
  await signIn(page, person);
  const reading = await api<{ id: number }>(page, 'POST', '/api/collections', { name: 'Reading' });
  const savedUrl = `${PAGES_ORIGIN}/article.html`;
  const saved = await api<{ id: number }>(page, 'POST', '/api/posts', {
    content: savedUrl,
    collection_id: reading.id,
  });

  // My Account → Access tokens: a read-only token, shown once with Copy.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'My Account' })
    .click();
  const section = page.getByRole('region', { name: 'Access tokens' });
  await expect(section.getByText('No access tokens yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'New access token' });
  await form.getByLabel('Name').fill('Reading script');
  await form.getByLabel('Scope').selectOption({ label: 'Read only' });
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByRole('textbox', { name: 'New access token' });
  await expect(shown).toHaveValue(/^nm_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByText('it won’t be shown again')).toBeVisible();
  const token = await shown.inputValue();
  await section.screenshot({ path: testInfo.outputPath('access-tokens-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  // On a phone the sidebar is a closed drawer: wait for the layout to settle into it.
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).not.toBeInViewport();
  await section.getByRole('region', { name: /New token/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('access-tokens-375.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('The token is on your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = section.getByRole('list', { name: 'Access tokens' }).getByRole('listitem');
  await expect(row).toContainText('Reading script');
  await expect(row).toContainText('Read only');

  // The token reads the posts from outside the session, and may not write.
  const listed = await fetchWithToken(page, token, 'GET', '/api/posts');
  expect(listed.status).toBe(200);
  expect((listed.body as { data: { id: number }[] }).data.map((post) => post.id)).toEqual([
    saved.id,
  ]);
  expect((await fetchWithToken(page, token, 'POST', '/api/posts')).status).toBe(403);
  // Its use is listed.
  await page.reload();
  await expect(row).not.toContainText('Last used never');

  // Once dismissed, the token is never shown again.
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(section.getByRole('textbox', { name: 'New access token' })).toHaveCount(0);

  // Revoked: refused at once.
  await section.getByRole('button', { name: 'Revoke Reading script' }).click();
  await section.getByRole('button', { name: 'Yes, revoke “Reading script”' }).click();
  await expect(section.getByText('No access tokens yet.')).toBeVisible();
  expect((await fetchWithToken(page, token, 'GET', '/api/posts')).status).toBe(401);

  // The editor of a new post warns that the link is already saved (compared normalised).
  await page.goto(`/c/${reading.id}/p/create`);
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.insertText(`${savedUrl}?utm_source=newsletter#top`);
  const warning = page.getByRole('status').filter({ hasText: 'Already saved in Reading.' });
  await expect(warning).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('editor-already-saved-1280.png') });
  await warning.getByRole('link', { name: 'Open the saved post' }).click();
  // What was typed is not saved: the editor asks before leaving it.
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(page).toHaveURL(`/p/${saved.id}`);
});

test('the API documentation renders at /api/docs within the content security policy', async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Nestmark API/ })).toBeVisible();
  await expect(page.getByText('Authorization: Bearer nm_').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
  expect(blocked).toEqual([]);
});
