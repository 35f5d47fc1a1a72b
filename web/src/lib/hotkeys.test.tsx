import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { dispatchKey, leavesShortcutsAlone, matchesHotkey, useKeySequences } from './hotkeys.ts';

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

describe('dispatchKey', () => {
  const sequences = ['j', '?', 'g h', 'g t'];

  it('runs a one-key shortcut at once', () => {
    expect(dispatchKey('j', null, sequences)).toEqual({ run: 'j', pending: null });
    expect(dispatchKey('?', null, sequences)).toEqual({ run: '?', pending: null });
    expect(dispatchKey('q', null, sequences)).toEqual({ run: null, pending: null });
  });

  it('waits after the first key of a sequence and runs it on the second', () => {
    expect(dispatchKey('g', null, sequences)).toEqual({ run: null, pending: 'g' });
    expect(dispatchKey('t', 'g', sequences)).toEqual({ run: 'g t', pending: null });
    expect(dispatchKey('h', 'g', sequences)).toEqual({ run: 'g h', pending: null });
  });

  it('drops a started sequence on another key, and reads that key afresh', () => {
    expect(dispatchKey('x', 'g', sequences)).toEqual({ run: null, pending: null });
    expect(dispatchKey('j', 'g', sequences)).toEqual({ run: 'j', pending: null });
    expect(dispatchKey('g', 'g', sequences)).toEqual({ run: null, pending: 'g' });
    // The second key alone is nothing.
    expect(dispatchKey('t', null, sequences)).toEqual({ run: null, pending: null });
  });
});

function Shortcuts({ bindings }: { bindings: Record<string, () => boolean | void> }) {
  useKeySequences(bindings);
  return (
    <>
      <input aria-label="field" />
      <textarea aria-label="area" />
      <div contentEditable aria-label="editor" />
      <input type="checkbox" aria-label="box" />
    </>
  );
}

describe('useKeySequences', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const press = (target: Element | Window, key: string, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };

  it('runs bindings and sequences, preventing the default', () => {
    const j = vi.fn();
    const gt = vi.fn();
    render(<Shortcuts bindings={{ j, 'g t': gt }} />);
    expect(press(document.body, 'j').defaultPrevented).toBe(true);
    expect(j).toHaveBeenCalledTimes(1);
    press(document.body, 'g');
    press(document.body, 't');
    expect(gt).toHaveBeenCalledTimes(1);
    press(document.body, 't');
    expect(gt).toHaveBeenCalledTimes(1);
  });

  it('never fires while typing in a field, a text area or an editor', () => {
    const j = vi.fn();
    const gt = vi.fn();
    const { getByLabelText } = render(<Shortcuts bindings={{ j, 'g t': gt }} />);
    for (const name of ['field', 'area', 'editor']) {
      const event = press(getByLabelText(name), 'j');
      expect(event.defaultPrevented).toBe(false);
      press(getByLabelText(name), 'g');
      press(getByLabelText(name), 't');
    }
    expect(j).not.toHaveBeenCalled();
    expect(gt).not.toHaveBeenCalled();
    // A check box takes no text: the keys work there.
    press(getByLabelText('box'), 'j');
    expect(j).toHaveBeenCalledTimes(1);
  });

  it('never fires with Ctrl, Alt or Meta, nor while a dialog is open', () => {
    const j = vi.fn();
    render(<Shortcuts bindings={{ j }} />);
    press(document.body, 'j', { ctrlKey: true });
    press(document.body, 'j', { altKey: true });
    press(document.body, 'j', { metaKey: true });
    expect(j).not.toHaveBeenCalled();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    press(document.body, 'j');
    expect(j).not.toHaveBeenCalled();
    dialog.remove();
    press(document.body, 'j');
    expect(j).toHaveBeenCalledTimes(1);
  });

  it('lets a declined key through, and a later layer take a key', () => {
    const shell = vi.fn();
    const list = vi.fn(() => false as const);
    render(
      <>
        <Shortcuts bindings={{ Enter: shell, k: shell }} />
        <Shortcuts bindings={{ Enter: list }} />
      </>,
    );
    expect(press(document.body, 'Enter').defaultPrevented).toBe(false);
    expect(list).toHaveBeenCalledTimes(1);
    expect(shell).not.toHaveBeenCalled();
    press(document.body, 'k');
    expect(shell).toHaveBeenCalledTimes(1);
  });

  it('leaves keys that were handled already alone', () => {
    const event = new KeyboardEvent('keydown', { key: 'j', cancelable: true });
    event.preventDefault();
    expect(leavesShortcutsAlone(event)).toBe(true);
  });
});
