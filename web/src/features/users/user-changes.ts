import type { z } from 'zod';
import type { Theme, User } from '../../../../contract/auth.ts';
import type { updateUserBody } from '../../../../contract/users.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * What the user edit form holds (PRODUCT.md#users: password, theme and automatic page copies only
 * on one's own profile). `autoPageCopies` is undefined when the server did not send the setting.
 */
export interface UserEditValues {
  name: string;
  email: string;
  passwordOld: string;
  passwordNew: string;
  theme: Theme;
  autoPageCopies?: boolean | undefined;
}

export type UserUpdateBody = z.input<typeof updateUserBody>;

/** Whether the form's email differs from the user's (ignoring spaces and case). */
export function emailChanged(user: User, values: Pick<UserEditValues, 'email'>): boolean {
  return values.email.trim().toLowerCase() !== user.email;
}

/**
 * The PATCH body for the edit form (PRODUCT.md#validation): only a changed name or email, the
 * theme and the automatic page copies when they changed, and both passwords when a new one is
 * given; null when nothing changed, so nothing is sent. A changed email carries `password_old`,
 * the signed-in user's own current password, which the API needs to confirm it. On someone else's
 * profile (`own` false) a new password, the theme and the page copies setting are never sent.
 */
export function userChanges(
  user: User,
  values: UserEditValues,
  own: boolean,
): UserUpdateBody | null {
  const body: UserUpdateBody = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name !== user.name) body.name = name;
  if (emailChanged(user, values)) {
    body.email = email;
    body.password_old = values.passwordOld;
  }
  if (own && values.theme !== user.theme) body.theme = values.theme;
  if (
    own &&
    values.autoPageCopies !== undefined &&
    values.autoPageCopies !== user.auto_page_copies
  ) {
    body.auto_page_copies = values.autoPageCopies;
  }
  if (own && values.passwordNew) {
    body.password_old = values.passwordOld;
    body.password_new = values.passwordNew;
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** Field errors of the user forms, keyed like the API's fields; `form` for the rest. */
export type UserFormErrors = Partial<
  Record<'name' | 'email' | 'password' | 'password_old' | 'password_new' | 'form', string>
>;

const FIELDS = ['name', 'email', 'password', 'password_old', 'password_new'] as const;

/**
 * The errors to show for a failed save (PRODUCT.md#messages: the first field error, else the
 * response text): each field's first message at its field; anything else above the form.
 */
export function userSaveErrors(error: unknown): UserFormErrors {
  if (!(error instanceof ApiError)) {
    return { form: 'The server could not be reached. Check your connection and try again.' };
  }
  const errors: UserFormErrors = {};
  for (const field of FIELDS) {
    const message = error.fields[field]?.[0];
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : { form: error.firstFieldMessage() };
}

/**
 * Client checks before sending (PRODUCT.md#validation: name and email required; a new password or,
 * when `emailChanging`, a new email needs the current password).
 */
export function userFormProblems(
  values: { name: string; email: string; passwordOld?: string; passwordNew?: string },
  emailChanging = false,
): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  if (values.passwordNew && !values.passwordOld) {
    errors.password_old = 'Enter your current password to set a new one.';
  } else if (emailChanging && !values.passwordOld) {
    errors.password_old = 'Enter your current password to change the email address.';
  }
  return errors;
}
