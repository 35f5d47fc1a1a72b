import { ApiError } from '../../lib/api-client.ts';

/** PRODUCT.md#messages: the server's text is shown when it is shorter than 200 characters. */
const LOGIN_ERROR_MAX_LENGTH = 200;

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** What to tell the user after a failed login attempt (PRODUCT.md#messages). */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.message.length < LOGIN_ERROR_MAX_LENGTH
      ? error.message
      : `Login failed. Error ${error.status}`;
  }
  return UNREACHABLE;
}

/**
 * What to tell the user after a failed forgot or reset request (PRODUCT.md#messages): the first
 * field error (a bad email, a weak password, an expired link), else the server's message.
 */
export function accountErrorText(error: unknown): string {
  return error instanceof ApiError ? error.firstFieldMessage() : UNREACHABLE;
}
