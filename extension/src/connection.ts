import { authEndpoints } from '../../contract/auth.ts';
import { createApiClient, describeFailure } from './api-client.ts';
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
 * Tests `settings`: calls an authenticated endpoint with the token and tells who it signs in as,
 * or why it failed (unreachable, not Nestmark, a refused token).
 */
export async function testConnection(settings: Settings): Promise<ConnectionResult> {
  const api = createApiClient(settings);
  try {
    const me = await api(authEndpoints.me);
    return { ok: true, message: `Connected to ${settings.serverUrl} as ${me.data.name}.` };
  } catch (error) {
    return { ok: false, message: describeFailure(error, settings.serverUrl) };
  }
}
