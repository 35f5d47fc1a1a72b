import { describe, expect, it } from 'vitest';
import { extensionManifest, GECKO_ID, SAVE_SHORTCUT } from './manifest.ts';

describe('extensionManifest', () => {
  it('gives Chromium a module service worker and no Firefox settings', () => {
    const manifest = extensionManifest('chromium', '1.2.3');
    expect(manifest.background).toEqual({ service_worker: 'background.js', type: 'module' });
    expect(manifest).not.toHaveProperty('browser_specific_settings');
  });

  it('gives Firefox a background script and its add-on id', () => {
    const manifest = extensionManifest('firefox', '1.2.3');
    expect(manifest.background).toEqual({ scripts: ['background.js'], type: 'module' });
    expect(manifest.browser_specific_settings?.gecko.id).toBe(GECKO_ID);
  });

  it('is Manifest V3 of the given version with the same pages, permissions and shortcut', () => {
    for (const browser of ['chromium', 'firefox'] as const) {
      const manifest = extensionManifest(browser, '1.2.3');
      expect(manifest).toMatchObject({
        manifest_version: 3,
        version: '1.2.3',
        action: { default_popup: 'popup.html' },
        options_ui: { page: 'options.html' },
        permissions: ['activeTab', 'contextMenus', 'scripting', 'storage'],
        optional_host_permissions: ['http://*/*', 'https://*/*'],
      });
      expect(manifest).not.toHaveProperty('host_permissions');
      expect(manifest.commands?._execute_action?.suggested_key).toEqual({
        default: SAVE_SHORTCUT,
      });
    }
  });
});
