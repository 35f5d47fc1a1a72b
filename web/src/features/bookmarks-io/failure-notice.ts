import { ApiError } from '../../lib/api-client.ts';
import type { Notification } from '../../ui/notify.tsx';

/**
 * PRODUCT.md#messages: import and export failures read 'Failed. Error {status}', with the server's
 * reason.
 */
export function failureNotice(error: unknown): Notification {
  if (error instanceof ApiError) {
    return { type: 'error', title: `Failed. Error ${error.status}`, description: error.message };
  }
  return { type: 'error', title: 'Failed. Error', description: 'The server could not be reached.' };
}
