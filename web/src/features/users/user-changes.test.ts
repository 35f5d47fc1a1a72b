import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contract/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  userChanges,
  userFormProblems,
  userSaveErrors,
  type UserEditValues,
} from './user-changes.ts';

const user: User = {
  id: 3,
  name: 'Ada',
  email: 'ada@example.com',
  permission: 7,
  theme: 'default',
  auto_page_copies: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const unchanged: UserEditValues = {
  name: 'Ada',
  email: 'ada@example.com',
  passwordOld: '',
  passwordNew: '',
  theme: 'default',
};

describe('userChanges (PRODUCT.md#validation: only changed fields)', () => {
  it('is null when nothing changed, also with spaces or another case in the email', () => {
    expect(userChanges(user, unchanged, true)).toBeNull();
    expect(
      userChanges(user, { ...unchanged, name: ' Ada ', email: 'ADA@example.com ' }, true),
    ).toBeNull();
  });

  it('sends a changed name, email and theme, each alone', () => {
    expect(userChanges(user, { ...unchanged, name: 'Ada L.' }, true)).toEqual({ name: 'Ada L.' });
    expect(
      userChanges(user, { ...unchanged, email: 'new@example.com', passwordOld: 'mine' }, true),
    ).toEqual({ email: 'new@example.com', password_old: 'mine' });
    expect(userChanges(user, { ...unchanged, theme: 'dark' }, true)).toEqual({ theme: 'dark' });
  });

  it('sends both passwords when a new one is given', () => {
    expect(
      userChanges(user, { ...unchanged, passwordOld: 'old one', passwordNew: 'new one!' }, true),
    ).toEqual({ password_old: 'old one', password_new: 'new one!' });
    expect(userChanges(user, { ...unchanged, passwordOld: 'typed only' }, true)).toBeNull();
  });

  it('sends automatic page copies when they changed, never when the server has no such setting', () => {
    const withSetting = { ...user, auto_page_copies: false };
    expect(userChanges(withSetting, { ...unchanged, autoPageCopies: false }, true)).toBeNull();
    expect(userChanges(withSetting, { ...unchanged, autoPageCopies: true }, true)).toEqual({
      auto_page_copies: true,
    });
    expect(userChanges(user, { ...unchanged, autoPageCopies: undefined }, true)).toBeNull();
    expect(userChanges(withSetting, { ...unchanged, autoPageCopies: true }, false)).toBeNull();
  });

  it("never sends a new password or theme for someone else's profile", () => {
    const values = { ...unchanged, theme: 'dark' as const, passwordOld: 'a', passwordNew: 'b' };
    expect(userChanges(user, values, false)).toBeNull();
  });

  it("sends the signer's own password with a new email for someone else's profile", () => {
    const values = { ...unchanged, email: 'new@example.com', passwordOld: 'owner password' };
    expect(userChanges(user, values, false)).toEqual({
      email: 'new@example.com',
      password_old: 'owner password',
    });
  });
});

describe('userFormProblems', () => {
  it('wants a name, an email, and the current password with a new one', () => {
    expect(userFormProblems({ name: ' ', email: '', passwordNew: 'x' })).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      password_old: 'Enter your current password to set a new one.',
    });
    expect(userFormProblems({ name: 'A', email: 'a@b.c' })).toEqual({});
    expect(userFormProblems({ name: 'A', email: 'a@b.c', passwordOld: '' }, true)).toEqual({
      password_old: 'Enter your current password to change the email address.',
    });
    expect(userFormProblems({ name: 'A', email: 'a@b.c', passwordOld: 'x' }, true)).toEqual({});
  });
});

describe('userSaveErrors (PRODUCT.md#messages)', () => {
  it('puts each field error at its field, anything else above the form', () => {
    const conflict = new ApiError(409, 'CONFLICT', 'In use.', { email: ['In use.'] });
    expect(userSaveErrors(conflict)).toEqual({ email: 'In use.' });
    expect(userSaveErrors(new ApiError(403, 'FORBIDDEN', 'Not yours.'))).toEqual({
      form: 'Not yours.',
    });
    expect(userSaveErrors(new TypeError('Failed to fetch')).form).toMatch(/could not be reached/);
  });
});
