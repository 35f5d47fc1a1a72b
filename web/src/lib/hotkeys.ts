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

/** Whether keys pressed in `target` are typing: a text field, a list box or an editor. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    )
  );
}

/**
 * Whether a plain-key shortcut (PRODUCT.md#keyboard-shortcuts) must leave `event` alone: it was
 * handled already, comes with Ctrl, Alt or Meta (Shift only picks a character such as `?`), is
 * typing in a field or the editor, or a dialog or menu is open (its keys are its own).
 */
export function leavesShortcutsAlone(
  event: Pick<KeyboardEvent, 'defaultPrevented' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>,
): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return true;
  if (isTyping(event.target)) return true;
  const open = '[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]';
  if (event.target instanceof Element && event.target.closest(open)) return true;
  return document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"]') !== null;
}

/**
 * A plain-key shortcut: one key as `KeyboardEvent.key` gives it (`j`, `?`, `Enter`), or two keys
 * pressed in turn, separated by a space (`g h`).
 */
export type KeySequence = string;

/**
 * What a key press does among `sequences`, given the first key of a sequence pressed before it
 * (`pending`, else null): `run` is the sequence it completes (null for none) and `pending` the
 * first key it starts. A first key waits for the next press, whatever comes in between in time;
 * any other key drops it, and is then read afresh.
 */
export function dispatchKey(
  key: string,
  pending: string | null,
  sequences: readonly KeySequence[],
): { run: KeySequence | null; pending: string | null } {
  if (pending !== null) {
    const completed = `${pending} ${key}`;
    if (sequences.includes(completed)) return { run: completed, pending: null };
  }
  if (sequences.some((sequence) => sequence.startsWith(`${key} `))) {
    return { run: null, pending: key };
  }
  return { run: sequences.includes(key) ? key : null, pending: null };
}

type KeyBindings = Readonly<Record<KeySequence, () => boolean | void>>;

/**
 * The bindings of every mounted {@link useKeySequences}, oldest first: one listener reads them
 * all, so a sequence started for one (`g`) is not read as a key of another.
 */
const layers = new Set<{ current: KeyBindings }>();
let pendingKey: string | null = null;

function onShortcutKey(event: KeyboardEvent) {
  if (leavesShortcutsAlone(event)) {
    pendingKey = null;
    return;
  }
  // A later layer (the page's list) takes a key an earlier one (the shell) binds too.
  const bindings: Record<KeySequence, () => boolean | void> = {};
  for (const layer of layers) Object.assign(bindings, layer.current);
  const step = dispatchKey(event.key, pendingKey, Object.keys(bindings));
  pendingKey = step.pending;
  if (step.pending !== null) event.preventDefault();
  if (step.run !== null && bindings[step.run]?.() !== false) event.preventDefault();
}

/**
 * Runs the handler of each plain-key shortcut of `bindings` (see {@link KeySequence}) when it is
 * pressed on the page, never while typing, in an open dialog or menu, or with Ctrl, Alt or Meta
 * ({@link leavesShortcutsAlone}). A handler returning `false` declines the key (it goes on to
 * the browser); otherwise the key's default action is prevented.
 */
export function useKeySequences(bindings: KeyBindings, enabled = true): void {
  const latest = useRef(bindings);
  useLayoutEffect(() => {
    latest.current = bindings;
  });
  useEffect(() => {
    if (!enabled) return;
    const layer = latest;
    if (layers.size === 0) window.addEventListener('keydown', onShortcutKey);
    layers.add(layer);
    return () => {
      layers.delete(layer);
      if (layers.size === 0) window.removeEventListener('keydown', onShortcutKey);
    };
  }, [enabled]);
}
