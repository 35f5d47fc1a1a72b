import { act, fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePostSelection } from './use-post-selection.ts';

const posts = [10, 11, 12, 13, 14, 15];

function render(ids: number[] = posts, listKey = 'a') {
  return renderHook(({ ids, listKey }) => usePostSelection(ids, listKey), {
    initialProps: { ids, listKey },
  });
}

describe('usePostSelection', () => {
  it('toggles one post per click, and reports the chosen ones in list order', () => {
    const { result } = render();
    act(() => result.current.click(13, false));
    act(() => result.current.click(11, false));
    expect(result.current.ids).toEqual([11, 13]);
    expect(result.current.isSelected(13)).toBe(true);
    act(() => result.current.click(13, false));
    expect(result.current.ids).toEqual([11]);
  });

  it('Shift-click chooses the range from the post clicked last, either way up', () => {
    const { result } = render();
    act(() => result.current.click(11, false));
    act(() => result.current.click(14, true));
    expect(result.current.ids).toEqual([11, 12, 13, 14]);
    act(() => result.current.click(10, true));
    expect(result.current.ids).toEqual([10, 11, 12, 13, 14]);
  });

  it('Shift-click on a chosen post takes the range off again', () => {
    const { result } = render();
    act(() => result.current.click(10, false));
    act(() => result.current.click(15, true));
    act(() => result.current.click(12, false));
    act(() => result.current.click(14, true));
    expect(result.current.ids).toEqual([10, 11, 15]);
  });

  it('Shift-click with nothing clicked before chooses that post alone', () => {
    const { result } = render();
    act(() => result.current.click(12, true));
    expect(result.current.ids).toEqual([12]);
  });

  it('select all chooses every loaded post; clear empties the choice', () => {
    const { result } = render();
    act(() => result.current.selectAll());
    expect(result.current.ids).toEqual(posts);
    act(() => result.current.clear());
    expect(result.current.ids).toEqual([]);
  });

  it('reports only posts the list still holds', () => {
    const { result, rerender } = render();
    act(() => result.current.click(10, false));
    act(() => result.current.click(11, false));
    rerender({ ids: [11, 12], listKey: 'a' });
    expect(result.current.ids).toEqual([11]);
  });

  it('starts afresh when the list changes', () => {
    const { result, rerender } = render();
    act(() => result.current.selectAll());
    rerender({ ids: posts, listKey: 'b' });
    expect(result.current.ids).toEqual([]);
  });

  it('Ctrl+A and Cmd+A choose every loaded post, Escape clears', () => {
    const { result } = render();
    fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA', ctrlKey: true });
    expect(result.current.ids).toEqual(posts);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(result.current.ids).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA', metaKey: true });
    expect(result.current.ids).toEqual(posts);
  });

  it('leaves Ctrl+A and Escape to a text field, an editor and a dialog', () => {
    const { result } = render();
    const field = document.createElement('input');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(field, editor, dialog);
    for (const target of [field, editor, inDialog]) {
      const event = fireEvent.keyDown(target, { key: 'a', code: 'KeyA', ctrlKey: true });
      expect(event).toBe(true); // not prevented: the field selects its own text
    }
    expect(result.current.ids).toEqual([]);
    const box = document.createElement('input');
    box.type = 'checkbox';
    document.body.append(box);
    fireEvent.keyDown(box, { key: 'a', code: 'KeyA', ctrlKey: true });
    expect(result.current.ids).toEqual(posts);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(result.current.ids).toEqual(posts);
    document.body.replaceChildren();
  });
});
