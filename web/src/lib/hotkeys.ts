import { useEffect, useLayoutEffect, useRef } from 'react';

/** A key chord such as `ctrl+alt+n`: modifiers then one letter or key name, lower case. */
export type Hotkey = `${string}+${string}`;

/**
 * Whether `event` is the chord `hotkey`. Letters are compared by physical key as well, because
 * Ctrl+Alt turns letters into other characters on some layouts (AltGr).
 */
export function matchesHotkey(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
  hotkey: Hotkey,
): boolean {
  const parts = hotkey.toLowerCase().split('+');
  const key = parts.at(-1) ?? '';
  const wants = new Set(parts.slice(0, -1));
  if (
    event.ctrlKey !== wants.has('ctrl') ||
    event.altKey !== wants.has('alt') ||
    event.shiftKey !== wants.has('shift') ||
    event.metaKey !== wants.has('meta')
  ) {
    return false;
  }
  if (event.key.toLowerCase() === key) return true;
  return key.length === 1 && /[a-z]/.test(key) && event.code === `Key${key.toUpperCase()}`;
}

/**
 * Runs `handler` when `hotkey` is pressed anywhere on the page, also while typing in a field or
 * the editor (the chords use Ctrl+Alt, so they never collide with text input).
 */
export function useHotkey(hotkey: Hotkey, handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  // In the commit itself, not after paint: a chord pressed as soon as a new page shows must see
  // that page's handler (Ctrl+Alt+N right after navigating created the post in the old place).
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!matchesHotkey(event, hotkey)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hotkey, enabled]);
}
