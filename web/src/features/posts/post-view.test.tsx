import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { postViewKey, usePostView, ViewSwitcher } from './post-view.tsx';

describe('usePostView', () => {
  it('starts with cards and remembers a choice for that collection only', () => {
    const first = renderHook(() => usePostView(4)).result;
    expect(first.current[0]).toBe('cards');
    act(() => first.current[1]('grid'));
    expect(first.current[0]).toBe('grid');
    expect(localStorage.getItem(postViewKey(4))).toBe('"grid"');

    expect(renderHook(() => usePostView(4)).result.current[0]).toBe('grid');
    expect(renderHook(() => usePostView(5)).result.current[0]).toBe('cards');
  });

  it('ignores a stored value that is not a view', () => {
    localStorage.setItem(postViewKey(0), '"table"');
    expect(renderHook(() => usePostView(0)).result.current[0]).toBe('cards');
  });
});

describe('ViewSwitcher', () => {
  it('names each view, marks the chosen one pressed, and is used with the keyboard', async () => {
    const onChange = vi.fn();
    render(<ViewSwitcher view="list" onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'View' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'false');

    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('grid');
  });
});
