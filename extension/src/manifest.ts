/** The browsers the extension is built for; each gets its own manifest and zip. */
export const browsers = ['chromium', 'firefox'] as const;
export type Browser = (typeof browsers)[number];

/** Firefox needs an add-on id to keep storage across installs (and to be signed). */
export const GECKO_ID = 'extension@nestmark.app';

/** The shortcut that opens the popup (`_execute_action`), as the browsers write it. */
export const SAVE_SHORTCUT = 'Alt+Shift+S';

/** The one icon, 192 px, copied from the web app's icons; browsers scale it to each size. */
export const ICON_PATH = 'icons/icon-192.png';

/**
 * A Manifest V3 as both browsers read it: Chromium's type, with Firefox's background page and
 * add-on settings.
 */
export type Manifest = Omit<chrome.runtime.ManifestV3, 'background'> & {
  background: { service_worker: string; type: 'module' } | { scripts: string[]; type: 'module' };
  browser_specific_settings?: { gecko: { id: string; strict_min_version: string } };
};

/**
 * The Manifest V3 of the extension for `browser` (PRODUCT.md#browser-extension): the popup and the
 * options page, the context menu and shortcut, and the permissions it needs.
 * - `activeTab` + `scripting`: the current tab's title, address and selected text, read only when
 *   the user opens the popup, uses the shortcut or the context menu;
 * - `contextMenus`, `storage` (the server address and token);
 * - `optional_host_permissions`: every http(s) site, of which the options page asks for the one
 *   Nestmark server the user names, so its API can be called (requests from an extension to a
 *   host it may reach are not held to CORS).
 * The background is a service worker in Chromium and an event page in Firefox, which does not run
 * extension service workers; both are the same module.
 */
export function extensionManifest(browser: Browser, version: string): Manifest {
  const icons = { '16': ICON_PATH, '32': ICON_PATH, '48': ICON_PATH, '128': ICON_PATH };
  return {
    manifest_version: 3,
    name: 'Nestmark',
    short_name: 'Nestmark',
    description: 'Save the page you are on, a link or a selection to your Nestmark server.',
    version,
    icons,
    action: { default_title: 'Save to Nestmark', default_popup: 'popup.html', default_icon: icons },
    options_ui: { page: 'options.html', open_in_tab: true },
    permissions: ['activeTab', 'contextMenus', 'scripting', 'storage'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    commands: {
      _execute_action: {
        suggested_key: { default: SAVE_SHORTCUT },
        description: 'Save the current page to Nestmark',
      },
    },
    ...(browser === 'chromium'
      ? { background: { service_worker: 'background.js', type: 'module' } }
      : {
          background: { scripts: ['background.js'], type: 'module' },
          browser_specific_settings: { gecko: { id: GECKO_ID, strict_min_version: '128.0' } },
        }),
  };
}
