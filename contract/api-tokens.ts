import { z } from 'zod';
import { envelope, idParams, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Every personal access token starts with this (PRODUCT.md#access-tokens). */
export const API_TOKEN_PREFIX = 'nm_';

/** `read`: GET requests only; `write`: every request a user may make, but token and account management. */
export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const API_TOKEN_NAME_MAX = 100;

/** A personal access token as listed: never the token itself (PRODUCT.md#access-tokens). */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  created_at: timestamp,
  /** When a request last presented it (kept to the minute); null = never used. */
  last_used_at: timestamp.nullable(),
  /** Refused from this instant on; null = never expires. */
  expires_at: timestamp.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a create: the listed fields and, this once, the token. */
export const createdApiTokenSchema = apiTokenSchema.extend({
  /** `nm_` and 43 base64url characters (256 random bits); shown only in this answer. */
  token: z.string(),
});

export const createApiTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required.')
    .max(API_TOKEN_NAME_MAX, `A name has at most ${API_TOKEN_NAME_MAX} characters.`),
  scope: z.enum(apiTokenScopes, { message: 'The scope is read or write.' }),
  /** An ISO-8601 instant with its offset (`2027-01-31T23:59:59Z`), in the future; absent or null = never expires. */
  expires_at: z.iso
    .datetime({ offset: true, message: 'Give the expiry as an ISO-8601 date and time.' })
    .nullable()
    .optional(),
});

export const apiTokenEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tokens',
    summary:
      "The caller's personal access tokens, newest first, without the tokens themselves. Only a signed-in session may manage tokens: 403 for a personal access token.",
    auth: 'user',
    sessionOnly: true,
    status: 200,
    response: envelope(z.array(apiTokenSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/tokens',
    summary:
      'Create a personal access token (`Authorization: Bearer nm_…`). The answer holds the token, shown this once; only its SHA-256 is stored. 400 for an empty or too long name, a scope other than read or write, or an `expires_at` that is not in the future. 403 for a personal access token.',
    auth: 'user',
    sessionOnly: true,
    body: createApiTokenBody,
    status: 201,
    response: envelope(createdApiTokenSchema),
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/tokens/{id}',
    summary:
      "Revoke one of the caller's tokens: refused (401) from the next request on. 404 for another user's or an unknown token; 403 for a personal access token.",
    auth: 'user',
    sessionOnly: true,
    params: idParams,
    status: 204,
  }),
};
