import { authEndpoints } from '../../contract/auth.ts';
import { postEndpoints } from '../../contract/posts.ts';
import { type ApiCall, createApiClient, describeFailure, ExtensionApiError } from './api-client.ts';
import { hostPermissionFor, type Settings } from './settings.ts';

/** The outcome of a connection test, as the options page shows it. */
export type ConnectionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Asks for the permission to reach the server of `settings` (the browser asks the user once per
 * host). Call it first thing in a click handler: browsers grant permissions only while handling
 * the user's gesture.
 */
export function requestServerPermission(serverUrl: string): Promise<boolean> {
  return chrome.permissions.request({ origins: [hostPermissionFor(serverUrl)] });
}

/**
 * Whether the token may write, found out without writing: a post with empty content. The server
 * checks the token's scope before it reads a body (server/http/authentication.ts), so a read-only
 * token gets 403 and a token that may write gets the 400 of the empty content; nothing is saved
 * either way.
 */
async function mayWrite(api: ApiCall): Promise<boolean> {
  try {
    await api(postEndpoints.create, { body: { content: '' } });
    return true;
  } catch (error) {
    if (error instanceof ExtensionApiError && error.failure === 'forbidden') return false;
    if (error instanceof ExtensionApiError && error.status === 400) return true;
    throw error;
  }
}

/**
 * Tests `settings`: calls an authenticated endpoint with the token and tells who it signs in as,
 * or why it cannot save: unreachable, not Nestmark, a refused token, a token that may only read.
 */
export async function testConnection(
  settings: Settings,
  fetchImpl?: typeof fetch,
): Promise<ConnectionResult> {
  const api = createApiClient(settings, fetchImpl);
  try {
    const me = await api(authEndpoints.me);
    if (!(await mayWrite(api))) {
      return {
        ok: false,
        message: `The token signs in as ${me.data.name} but may only read: create one with write access.`,
      };
    }
    return { ok: true, message: `Connected to ${settings.serverUrl} as ${me.data.name}.` };
  } catch (error) {
    return { ok: false, message: describeFailure(error, settings.serverUrl) };
  }
}
