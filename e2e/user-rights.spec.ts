import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { User } from '../contract/auth.ts';
import { api, OWNER, signIn } from './fixtures.ts';

/**
 * Who may do what with users (PRODUCT.md#users, #permissions): someone who is not the owner sees
 * no Create User, is told so when opening its address, and a profile they may not change says why.
 */

test('a user who is not the owner is told what they may not change, before trying', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const run = randomUUID().slice(0, 8);
  const password = `member password ${run}`;
  const member = await api<User>(page, 'POST', '/api/users', {
    name: `Member ${run}`,
    email: `member-${run}@nestmark.test`,
    password,
  });
  const colleague = await api<User>(page, 'POST', '/api/users', {
    name: `Colleague ${run}`,
    email: `colleague-${run}@nestmark.test`,
    password,
  });
  const owner = (await api<User[]>(page, 'GET', '/api/users')).find(
    (user) => user.email === OWNER.email,
  )!;

  const context = await browser.newContext({ baseURL });
  const memberPage = await context.newPage();
  await signIn(memberPage, { email: member.email, password });

  // The list has no Create User; its address says who may create users, with no form.
  await memberPage
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(
    memberPage.getByRole('table').getByRole('link', { name: colleague.name }),
  ).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Create User' })).toHaveCount(0);
  await memberPage.goto('/users/create');
  await expect(
    memberPage.getByRole('heading', { name: 'Only the owner can create users.' }),
  ).toBeVisible();
  await expect(memberPage.getByLabel('Name')).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await memberPage.getByRole('link', { name: 'Back to Users' }).click();
  await expect(memberPage).toHaveURL('/users');

  // The owner's profile and a colleague's are read only, and say why.
  await memberPage.getByRole('table').getByRole('link', { name: owner.name }).click();
  await expect(memberPage).toHaveURL(`/users/${owner.id}`);
  await expect(
    memberPage.getByText("Only the owner can change the owner's account."),
  ).toBeVisible();
  await expect(memberPage.getByLabel('Name')).toBeDisabled();
  await expect(memberPage.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await memberPage.goto(`/users/${colleague.id}`);
  await expect(
    memberPage.getByText(`Only ${colleague.name} and the owner can change this account.`),
  ).toBeVisible();
  await expect(memberPage.getByLabel('Name')).toBeDisabled();

  // One's own account has no such line.
  await memberPage.goto(`/users/${member.id}`);
  await expect(
    memberPage.getByRole('region', { name: 'Account' }).getByLabel('Name'),
  ).toBeEnabled();
  await expect(memberPage.getByText(/can change (this|the owner's) account/)).toHaveCount(0);
  await context.close();
});
