/**
 * What the options page stores (`chrome.storage.local`): the Nestmark server's address and a
 * personal access token of the user's; and what the popup remembers, the last collection chosen.
 */
export interface Settings {
  /** The server's origin and path prefix, without a trailing slash: `https://nest.example.org`. */
  serverUrl: string;
  /** A personal access token (`nm_…`), sent as `Authorization: Bearer`. */
  token: string;
}

/** The collection id the popup preselects: the last one saved into (0 = Uncategorized). */
const LAST_COLLECTION = 'lastCollectionId';

/**
 * The server address as typed, made canonical: trimmed, `https://` added when there is no scheme,
 * query, fragment and trailing slashes dropped. Undefined for anything that is not an http(s) URL
 * with a host, or that carries a user name or password.
 */
export function normalizeServerUrl(text: string): string | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The host permission the extension asks for to call `serverUrl`: its scheme and host, any path
 * (match patterns cannot name a port; Chromium and Firefox match every port of the host).
 */
export function hostPermissionFor(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** The stored settings, or undefined until the options page saved both. */
export async function loadSettings(): Promise<Settings | undefined> {
  const stored = await chrome.storage.local.get(['serverUrl', 'token']);
  const { serverUrl, token } = stored;
  return typeof serverUrl === 'string' && typeof token === 'string' && serverUrl && token
    ? { serverUrl, token }
    : undefined;
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ ...settings });
}

export async function loadLastCollectionId(): Promise<number> {
  const stored = await chrome.storage.local.get(LAST_COLLECTION);
  const value = stored[LAST_COLLECTION];
  return typeof value === 'number' ? value : 0;
}

export async function saveLastCollectionId(collectionId: number): Promise<void> {
  await chrome.storage.local.set({ [LAST_COLLECTION]: collectionId });
}
