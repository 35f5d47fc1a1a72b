import { z } from 'zod';
import { envelope, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const themes = ['default', 'dark'] as const;
export type Theme = (typeof themes)[number];

/** A user as the API shows it (PRODUCT.md#user); never carries the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  permission: z.number().int(),
  theme: z.enum(themes),
  /**
   * Whether new link posts get a readable page copy of their own accord (PRODUCT.md#page-copies);
   * absent from servers without page copies.
   */
  auto_page_copies: z.boolean().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type User = z.infer<typeof userSchema>;

/**
 * An email address as users type it: trimmed, lower-cased, the syntax browsers accept in an
 * `type=email` field (so `admin@localhost`, the default owner, is one).
 */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'An email address has at most 320 characters.')
  .pipe(z.email({ pattern: z.regexes.html5Email, message: 'Enter a valid email address.' }));

/**
 * Password rules, stated in the messages the API answers a weak password with. Beyond the
 * length, the server refuses a password that is easy to guess (a 400 on the field that says why).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

/** The rule as the web forms state it next to a new password. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters and not easy to guess: a few uncommon words work well.`;

/** A password being set (user create, password change, reset). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

export const loginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const forgotPasswordBody = z.object({ email: emailAddress });

export const resetPasswordBody = z
  .object({
    email: emailAddress,
    token: z.string().trim().min(1, 'The reset link has no token.').max(200),
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match.',
  });

/** Forgot and reset answer with a sentence to show the user. */
export const messageSchema = z.object({ message: z.string() });

/** `expire` is the access token's lifetime in minutes. */
export const tokenSchema = z.object({
  token: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expire: z.number().int(),
  }),
});

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary:
      'Sign in with email and password. 401 "Invalid login credentials" for an unknown email or a wrong password alike. 429 with `Retry-After` (seconds): after 10 failures within 15 minutes from the client address, until the oldest is 15 minutes old; after 10 failures of the email from anywhere, for 2 s after each further failure, doubling up to a minute (guessing slows down; the account is never locked).',
    auth: 'none',
    body: loginBody,
    status: 200,
    response: envelope(tokenSchema),
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    summary:
      'Exchange the Bearer access token of a live session (also an expired one, up to 14 days after sign-in) for a new one; the old token stops working at once.',
    auth: 'none',
    status: 200,
    response: envelope(tokenSchema),
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in user.',
    auth: 'user',
    status: 200,
    response: envelope(userSchema),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session of the presented access token.',
    auth: 'user',
    sessionOnly: true,
    status: 204,
  }),
  forgot: defineEndpoint({
    method: 'POST',
    path: '/api/auth/forgot',
    summary:
      'Mail a password reset link (valid 60 minutes, single use) to the account with this email. The answer is the same whether or not such an account exists; 429 with `Retry-After` after 10 requests from one address within 15 minutes.',
    auth: 'none',
    body: forgotPasswordBody,
    status: 200,
    response: envelope(messageSchema),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset',
    summary:
      "Set a new password with the mailed token; ends the user's sessions. 400 with `fields.token` for an unknown, used or expired token.",
    auth: 'none',
    body: resetPasswordBody,
    status: 200,
    response: envelope(messageSchema),
  }),
};
