import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme, THEME_STORAGE_KEY } from './theme.ts';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme', () => {
  it('applies the dark class and stores the plain name index.html reads before first paint', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    applyTheme('default');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(readStoredTheme()).toBe('default');
  });

  it('reads anything unknown as the default theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '"dark"');
    expect(readStoredTheme()).toBe('default');
  });
});
