import { useEffect, useEffectEvent, useState } from 'react';
import { isTyping, matchesHotkey } from '../../lib/hotkeys.ts';

/** The posts chosen in one list for a bulk edit (docs/ARCHITECTURE.md, Post lists). */
export interface PostSelection {
  /** The chosen posts that the list has loaded, in list order. */
  ids: number[];
  isSelected: (id: number) => boolean;
  /**
   * A click on a post's box: toggles it; with `range` (Shift held) every post from the one
   * clicked last to this one becomes what this one becomes.
   */
  click: (id: number, range: boolean) => void;
  /** Chooses every loaded post of the list. */
  selectAll: () => void;
  clear: () => void;
}

interface State {
  listKey: string;
  selected: ReadonlySet<number>;
  /** The post clicked last: where a Shift-click's range starts. */
  anchor: number | null;
}

const empty = (listKey: string): State => ({ listKey, selected: new Set(), anchor: null });

/** `state` after a click on `id` in the list `ids` (see PostSelection.click). */
function clicked(state: State, ids: readonly number[], id: number, range: boolean): State {
  const select = !state.selected.has(id);
  const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
  const to = ids.indexOf(id);
  const changed =
    range && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  const selected = new Set(state.selected);
  for (const each of changed) {
    if (select) selected.add(each);
    else selected.delete(each);
  }
  return { ...state, selected, anchor: id };
}

/**
 * The selection of the list whose loaded, selectable posts are `ids` (in list order). It starts
 * empty whenever `listKey` changes: give it everything that picks the list (collection, tag,
 * search, sort). While the list is shown, Ctrl+A (Cmd+A) chooses every loaded post and Escape
 * clears the choice, unless focus is in a text field, an editor or a dialog.
 */
export function usePostSelection(ids: readonly number[], listKey: string): PostSelection {
  const [stored, setState] = useState(() => empty(listKey));
  const state = stored.listKey === listKey ? stored : empty(listKey);
  if (state !== stored) setState(state);

  const selectAll = () => setState((current) => ({ ...current, selected: new Set(ids) }));
  const clear = () => setState((current) => empty(current.listKey));
  const chosen = ids.filter((id) => state.selected.has(id));

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || isTyping(event.target)) return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
    if (matchesHotkey(event, 'ctrl+a') || matchesHotkey(event, 'meta+a')) {
      if (ids.length === 0) return;
      event.preventDefault();
      selectAll();
    } else if (event.key === 'Escape' && chosen.length > 0) {
      event.preventDefault();
      clear();
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    ids: chosen,
    isSelected: (id) => state.selected.has(id),
    click: (id, range) => setState((current) => clicked(current, ids, id, range)),
    selectAll,
    clear,
  };
}
