import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { corpusBookmarkFile, signIn } from './fixtures.ts';

/**
 * Import and export: import a real 10,000-link file and watch its progress bar reach the summary;
 * export that collection and import the downloaded file again, which must bring back the same
 * bookmarks.
 */
test('import a corpus file with progress and summary, export it, and re-import the download', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/import/bookmarks');

  // netscape-go/flat10000.htm: 10,000 links, 232 of them repeating an earlier URL (SOURCES.md).
  await page
    .getByLabel('Bookmarks file')
    .setInputFiles(corpusBookmarkFile('netscape-go/flat10000.htm'));
  await expect(page.getByText('“flat10000”, named after the file')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('Importing flat10000.htm')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookmarks imported' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Bookmarks were successfully imported.').first()).toBeVisible();
  const counts = page.getByRole('definition');
  await expect(counts.nth(0)).toHaveText('9,768');
  await expect(page.getByRole('heading', { name: 'Duplicates: 232 links' })).toBeVisible();
  await expect(page.getByText('232 links repeated in the file: skipped.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-summary.png'), fullPage: true });

  // Export only that collection, from the export page.
  await page.goto('/export/bookmarks');
  await page.getByRole('combobox', { name: 'What to export' }).click();
  await page.getByRole('option', { name: 'flat10000' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nestmark-bookmarks-\d{4}-\d{2}-\d{2}\.html$/);
  await expect(page).toHaveURL('/import');
  const exported = await download.path();
  const html = readFileSync(exported, 'utf8');
  expect(html.match(/<DT><A /g)).toHaveLength(9_768);

  // The download imports again: the same 9,768 bookmarks, now without any duplicate.
  await page.goto('/import/bookmarks');
  await page.getByLabel('Bookmarks file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'text/html',
    buffer: Buffer.from(html),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bookmarks imported' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('definition').nth(0)).toHaveText('9,768');
  await expect(page.getByRole('heading', { name: /^Duplicates/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the collection' }).click();
  await expect(page).toHaveURL(/\/c\/\d+$/);
});
