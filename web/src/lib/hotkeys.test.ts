import { describe, expect, it } from 'vitest';
import { matchesHotkey } from './hotkeys.ts';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('matchesHotkey', () => {
  it('matches the chord with exactly its modifiers', () => {
    expect(matchesHotkey(press('n', 'KeyN', { ctrlKey: true, altKey: true }), 'ctrl+alt+n')).toBe(
      true,
    );
    expect(matchesHotkey(press('N', 'KeyN', { ctrlKey: true, altKey: true }), 'ctrl+alt+n')).toBe(
      true,
    );
  });

  it('rejects missing or extra modifiers', () => {
    expect(matchesHotkey(press('n', 'KeyN', { ctrlKey: true }), 'ctrl+alt+n')).toBe(false);
    expect(
      matchesHotkey(
        press('n', 'KeyN', { ctrlKey: true, altKey: true, shiftKey: true }),
        'ctrl+alt+n',
      ),
    ).toBe(false);
    expect(matchesHotkey(press('s', 'KeyS', { ctrlKey: true, altKey: true }), 'ctrl+alt+n')).toBe(
      false,
    );
  });

  it('falls back to the physical key when AltGr changes the character', () => {
    expect(matchesHotkey(press('ß', 'KeyS', { ctrlKey: true, altKey: true }), 'ctrl+alt+s')).toBe(
      true,
    );
  });
});
