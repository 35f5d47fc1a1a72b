import type { Theme } from '../../../contract/auth.ts';

/**
 * localStorage key of the theme, read as a plain string by web/public/theme.js before the first
 * paint (PRODUCT.md#layout-shell, #local-preferences), so it is not JSON like other prefs.
 */
export const THEME_STORAGE_KEY = 'theme';

/** The theme this browser shows: the stored one, else `default`. */
export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'default';
  } catch {
    return 'default';
  }
}

/**
 * Shows `theme` (the `dark` class on `<html>`) and remembers it for the next first paint
 * (PRODUCT.md#after-an-action: saving user settings applies the theme class and stores it).
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled: the theme still shows now, and the server keeps it for next time.
  }
}
