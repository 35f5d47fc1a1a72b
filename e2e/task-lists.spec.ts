import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Post } from '../contract/posts.ts';
import { api, signIn } from './fixtures.ts';

/**
 * Task lists on cards (PRODUCT.md#post-card): one click on a box of one's own note ticks the task
 * and saves it; each box is named by its task; on a public share the boxes are read only.
 */

const taskList = (tasks: string[]) =>
  `<ul data-type="taskList">${tasks
    .map(
      (task) =>
        `<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>${task}</p></div></li>`,
    )
    .join('')}</ul>`;

test('one click ticks a task of one’s own note and saves it; a share shows the boxes read only', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const collection = await api<{ id: number }>(page, 'POST', '/api/collections', {
    name: `Errands ${randomUUID().slice(0, 8)}`,
  });
  const note = await api<Post>(page, 'POST', '/api/posts', {
    title: 'Errands',
    content: taskList(['Buy milk', 'Call Ada']),
    collection_id: collection.id,
  });
  await page.goto(`/c/${collection.id}`);

  const milk = page.getByRole('checkbox', { name: 'Buy milk' });
  await expect(milk).not.toBeChecked();
  await milk.click();
  await expect(milk).toBeChecked();
  await expect
    .poll(async () => (await api<Post>(page, 'GET', `/api/posts/${note.id}`)).content)
    .toContain('data-checked="true"');
  // One click, no editor: the card still shows its content, not Tiptap.
  await expect(page.locator('.ProseMirror')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Buy milk' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Call Ada' })).not.toBeChecked();

  // The keyboard ticks too: Space on the focused box.
  await page.getByRole('checkbox', { name: 'Call Ada' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Call Ada' })).toBeChecked();

  const share = await api<{ token: string }>(page, 'POST', '/api/shares/public', {
    collection_id: collection.id,
  });
  const visitorContext = await browser.newContext({ baseURL });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/s?token=${share.token}`);
    const box = visitor.getByRole('checkbox', { name: 'Buy milk' });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await box.click({ force: true });
    await visitor.getByText('Call Ada').click();
    await expect(box).toBeChecked();
    await expect(visitor.getByRole('checkbox', { name: 'Call Ada' })).toBeChecked();
  } finally {
    await visitorContext.close();
  }
  const saved = await api<Post>(page, 'GET', `/api/posts/${note.id}`);
  expect(saved.content.match(/data-checked="true"/g)).toHaveLength(2);
});
