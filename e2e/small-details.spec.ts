/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { User } from '../contract/auth.ts';
import { api, PAGES_ORIGIN, signIn } from './fixtures.ts';

/**
 * The small things a user notices in the first hour (PRODUCT.md#post-card, #transfer-dialog,
 * #search, #collection-form): tag chips lead somewhere, URLs read as text, the transfer dialog
 * filters and marks where the post is, a title match is not said twice, a new member can only
 * view, hint text and the top bar read clearly, a drag is announced by the post's title, the
 * tag list gets out of the way, and /reset loads without a warning.
 */

interface Created {
  id: number;
}

/** A name no earlier run of this journey has used, so that retries and repeats meet no leftovers. */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

async function createCollection(page: Page, name: string) {
  return api<Created>(page, 'POST', '/api/collections', { name });
}

async function createNote(page: Page, title: string, text: string, collectionId: number) {
  return api<Created>(page, 'POST', '/api/posts', {
    title,
    content: `<p>${text}</p>`,
    collection_id: collectionId,
  });
}

/** WCAG's contrast ratio of two `rgb(…)` colours, as the page computes them. */
function contrastInPage(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const channel = Number(part) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a card’s tag chip opens the tag’s page, and its URL reads as text', async ({ page }) => {
  const collection = await createCollection(page, unique('Travel'));
  const tag = unique('tokyo').replace(' ', '-');
  const stored = `${PAGES_ORIGIN}/wiki/%E6%9D%B1%E4%BA%AC`;
  await api(page, 'POST', '/api/posts', {
    title: 'Tokyo',
    content: stored,
    collection_id: collection.id,
    tag_names: [tag],
  });
  await page.goto(`/c/${collection.id}`);
  const card = posts(page).getByRole('article');

  const address = card.getByRole('link', { name: `${PAGES_ORIGIN}/wiki/東京` });
  await expect(address).toBeVisible();
  await expect(address).toHaveAttribute('href', stored);

  await card.getByRole('link', { name: `#${tag}` }).click();
  await expect(page).toHaveURL(/\/tags\/\d+$/);
  await expect(page.getByRole('heading', { name: `#${tag}` })).toBeVisible();
});

test('the transfer dialog filters collections by name and marks the current one', async ({
  page,
}) => {
  const from = await createCollection(page, unique('Inbox'));
  const to = unique('Archive');
  await createCollection(page, to);
  await createNote(page, 'Move me', 'to the archive', from.id);
  await page.goto(`/c/${from.id}`);

  const card = posts(page).getByRole('article');
  await card.hover();
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collections' });
  const choices = dialog.getByRole('group', { name: 'Collection' }).locator('label');
  await expect(choices.filter({ hasText: 'Current' })).toHaveText(/Inbox .*Current/);

  const filter = dialog.getByRole('searchbox', { name: 'Filter collections' });
  await filter.fill(to.toUpperCase());
  await expect(choices).toHaveText([to]);
  await choices.click();
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog).toBeHidden();
  await expect(posts(page).getByRole('article')).toHaveCount(0);

  await page.goto(`/c/${from.id}`);
  await expect(page.getByText('Nothing here yet')).toBeVisible();
  await sidebar(page).getByRole('link', { name: to }).click();
  await expect(posts(page).getByRole('heading', { name: 'Move me' })).toBeVisible();
  await posts(page).getByRole('article').hover();
  await posts(page).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Transfer' }).click();
  await dialog.getByRole('searchbox', { name: 'Filter collections' }).fill('no such collection');
  await expect(dialog.getByText('No collection matches “no such collection”.')).toBeVisible();
});

test('a search result matched by its title does not repeat the title below it', async ({
  page,
}) => {
  const word = `quokka${randomUUID().slice(0, 6)}`;
  const collection = await createCollection(page, unique('Animals'));
  await createNote(page, `The ${word} island`, 'Ferry, then a walk by the lake.', collection.id);
  await createNote(page, 'Lake walk', `A ${word} sat by the path.`, collection.id);
  await page.goto(`/search?q=${word}`);

  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading')).toHaveCount(2);
  const byTitle = results.getByRole('listitem').filter({ hasText: `The ${word} island` });
  const byText = results.getByRole('listitem').filter({ hasText: 'Lake walk' });
  // The text match shows where it matched; the title match only its (already visible) title.
  await expect(byText.locator('mark')).toHaveText([word]);
  await expect(byText.getByText('Text', { exact: true })).toBeVisible();
  await expect(byTitle.locator('mark')).toHaveCount(0);
  await expect(byTitle.getByText(`The ${word} island`)).toHaveCount(1);
});

test('a member added to a collection starts as a viewer', async ({ page }) => {
  const run = randomUUID().slice(0, 8);
  const member = await api<User>(page, 'POST', '/api/users', {
    name: `Viewer ${run}`,
    email: `viewer-${run}@nestmark.test`,
    password: `viewer password ${run}`,
  });
  const collection = await createCollection(page, unique('Shared'));
  await page.goto(`/c/${collection.id}/edit`);

  await page.getByLabel('Add people').fill(member.name);
  await page.getByRole('button', { name: `Add ${member.name}` }).click();
  const level = page.getByRole('combobox', { name: `Access of ${member.name}` });
  await expect(level).toHaveValue('4');
  await expect(level.locator('option:checked')).toHaveText('Can view');
  const shares = await api<{ user_id: number; permission: number }[]>(
    page,
    'GET',
    `/api/shares/private?collection_id=${collection.id}`,
  );
  expect(shares.find((share) => share.user_id === member.id)?.permission).toBe(4);
});

test('hint text reads at 4.5:1 in both themes, and nothing shows through the top bar', async ({
  page,
}) => {
  // The app shell's top bar is drawn (sign-in lands on '/' before the shell has rendered).
  await expect(page.locator('header')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle('dark', dark),
      theme === 'dark',
    );
    const [subtle, backgrounds, bar] = await page.evaluate(() => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const colourOf = (className: string, property: 'color' | 'backgroundColor') => {
        probe.className = className;
        return getComputedStyle(probe)[property];
      };
      const colours = [
        colourOf('text-fg-subtle', 'color'),
        ['bg-canvas', 'bg-surface', 'bg-surface-muted', 'bg-sidebar', 'bg-accent-soft'].map(
          (name) => colourOf(name, 'backgroundColor'),
        ),
        getComputedStyle(document.querySelector('header')!).backgroundColor,
      ] as const;
      probe.remove();
      return colours;
    });
    for (const background of backgrounds) {
      expect(
        contrastInPage(subtle, background),
        `${theme}: ${subtle} on ${background}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    // An opaque colour: rgb(…), or rgba(…) with alpha 1.
    expect(bar, `${theme} top bar`).toMatch(/^rgb\(|^rgba\([^)]*,\s*1\)$/);
  }
});

test('a drag is announced with the post’s title, not its id', async ({ page }) => {
  const collection = await createCollection(page, unique('Order'));
  await createNote(page, 'Second', 'b', collection.id);
  await createNote(page, 'First', 'a', collection.id);
  await page.goto(`/c/${collection.id}`);

  const handle = page.getByRole('button', { name: 'Move First' });
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit's live region of the post list (the sidebar's tree has its own).
  const live = page.locator('[id^="DndLiveRegion"]', { hasText: 'First' });
  await expect(live).toContainText(/^(Picked up First, |First is at )position 1 of 2\.$/);
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('First moved to position 2 of 2.');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Moving First was cancelled.');
  await expect(live).not.toContainText(/\d{3,}/);
});

test('the tag list closes once a tag is added in the editor', async ({ page }) => {
  const collection = await createCollection(page, unique('Notes'));
  await page.goto(`/c/${collection.id}/p/create`);
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('fresh-tag');
  await expect(page.getByRole('listbox')).toBeVisible();
  await tags.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove fresh-tag' })).toBeVisible();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(tags).toHaveAttribute('aria-expanded', 'false');
});

test('the reset page opens from a mailed link without a warning in the console', async ({
  page,
}) => {
  // Leave the signed-in app first: a request it still sends once the cookie is gone is answered
  // 401, which Chromium logs as an error of that page (a retry once failed on exactly this).
  await page.goto('about:blank');
  await page.context().clearCookies();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/reset?email=someone%40nestmark.test&token=abc');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.goto('/forgot');
  await expect(page.getByRole('button', { name: 'Request Reset' })).toBeVisible();
  expect(warnings).toEqual([]);
});
