import { z } from 'zod';
import { emailAddress, newPassword, PASSWORD_MAX_LENGTH, themes, userSchema } from './auth.ts';
import { envelope, idParams } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

const userName = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(255, 'A name has at most 255 characters.');

export const listUsersQuery = z.object({
  /**
   * Case-insensitive part of a name; when given, the caller is left out (PRODUCT.md#validation).
   */
  search: z.string().trim().max(255).optional(),
});

export const createUserBody = z.object({
  name: userName,
  email: emailAddress,
  password: newPassword,
});

/**
 * API.md: any of the fields. `theme`, `auto_page_copies` and the password are the user's own business, `name` and
 * `email` the owner may change for anyone. `password_old` is always the current password of the
 * signed-in caller: a new password needs it, and so does a new email address (one's own, or as the
 * owner someone else's).
 */
export const updateUserBody = z
  .object({
    name: userName.optional(),
    email: emailAddress.optional(),
    theme: z.enum(themes).optional(),
    /** One's own: new link posts get a page copy automatically (PRODUCT.md#page-copies). */
    auto_page_copies: z.boolean().optional(),
    password_old: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password_new: newPassword.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password_new !== undefined && !body.password_old) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_old'],
        message: 'Enter your current password to set a new one.',
      });
    }
    if (body.password_old && body.password_new === undefined && body.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password_new'], message: 'Enter a new password.' });
    }
  });

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users',
    summary:
      'Every user, by name. `search` keeps the users whose name contains it (ignoring case) and leaves out the caller.',
    auth: 'user',
    query: listUsersQuery,
    status: 200,
    response: envelope(z.array(userSchema)),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/users/{id}',
    summary: 'One user. 404 when there is none with this id.',
    auth: 'user',
    params: idParams,
    status: 200,
    response: envelope(userSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/users',
    summary:
      'Create a user (permission 7). Owner (255) only: 403 otherwise; 409 when the email is in use.',
    auth: 'user',
    sessionOnly: true,
    body: createUserBody,
    status: 201,
    response: envelope(userSchema),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/users/{id}',
    summary:
      "Change a user. Oneself: name, email, theme, `auto_page_copies` (PRODUCT.md#page-copies), and the password with `password_old` + `password_new` (the change ends one's other sessions). The owner: anyone's name and email. A new email address needs `password_old`, the caller's own current password, and is told to the old address; when the owner changes someone else's email, that user's sessions end. A missing or wrong `password_old` is a 400 on `password_old`; a wrong one counts as a failed sign-in of the caller (429 after too many). 403 otherwise; 409 when the email is in use.",
    auth: 'user',
    sessionOnly: true,
    params: idParams,
    body: updateUserBody,
    status: 200,
    response: envelope(userSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/users/{id}',
    summary:
      'Delete a user and all their data (posts, collections, tags, shares, sessions) in one transaction. Owner only (403); never oneself (403), so the last owner always remains.',
    auth: 'user',
    sessionOnly: true,
    params: idParams,
    status: 204,
  }),
};
