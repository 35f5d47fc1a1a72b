import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ComboboxListbox, useCombobox } from './combobox.tsx';

const fruits = ['Apple', 'Banana', 'Cherry'];

/** A combobox over `fruits` filtered by the text; chosen ones show in the status line. */
function Harness({
  activateFirst,
  emptyText,
  onOtherKey = () => {},
}: {
  activateFirst?: boolean;
  emptyText?: string;
  onOtherKey?: (key: string) => void;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = fruits.filter((fruit) => fruit.toLowerCase().includes(text.toLowerCase()));
  const combobox = useCombobox({
    labelId: 'label',
    options: shown.map((fruit) => ({ key: fruit, content: fruit })),
    activateFirst,
    emptyText,
    onChoose: (index) => setChosen([...chosen, shown[index]!]),
    onInputChange: setText,
    onKeyDown: (event) => onOtherKey(event.key),
  });
  return (
    <>
      <span id="label">Fruit</span>
      <input {...combobox.inputProps} value={text} />
      <ComboboxListbox {...combobox.listboxProps} />
      <button type="button">Elsewhere</button>
      <output>{chosen.join(',')}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Fruit' });
/** The highlighted option's name, from the input's aria-activedescendant; null for none. */
const active = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)!.textContent : null;
};
const chosen = () => screen.getByRole('status').textContent;

describe('useCombobox', () => {
  it('opens on focus with nothing highlighted; arrows move within the list; Enter chooses', async () => {
    const user = userEvent.setup();
    const onOtherKey = vi.fn();
    render(<Harness onOtherKey={onOtherKey} />);
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.click(input());
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toBeVisible();
    expect(active()).toBeNull();

    // Enter with nothing highlighted is the caller's.
    await user.keyboard('{Enter}');
    expect(onOtherKey).toHaveBeenCalledWith('Enter');
    expect(chosen()).toBe('');

    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Apple');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Cherry');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Banana');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('Banana');
    expect(onOtherKey).toHaveBeenCalledTimes(1);
    // The list closes so that it covers nothing below; a click on the input opens it again,
    // the highlight starting over.
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.click(input());
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(active()).toBeNull();
  });

  it('Escape closes the list and clears the highlight; an arrow opens it at the first option', async () => {
    const user = userEvent.setup();
    const onOtherKey = vi.fn();
    render(<Harness onOtherKey={onOtherKey} />);
    await user.click(input());
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(active()).toBeNull();
    expect(onOtherKey).not.toHaveBeenCalled();

    // A second Escape is the caller's (a search field clears itself).
    await user.keyboard('{Escape}');
    expect(onOtherKey).toHaveBeenCalledWith('Escape');

    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(active()).toBe('Apple');
  });

  it('typing filters and reopens the list; an empty list closes unless it has an empty text', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(input());
    await user.keyboard('{Escape}an');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Banana']);
    await user.keyboard('x');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    unmount();

    render(<Harness emptyText="No fruit left" />);
    await user.type(input(), 'anx');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No fruit left')).toBeVisible();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('with activateFirst the first option is highlighted, also after typing', async () => {
    const user = userEvent.setup();
    render(<Harness activateFirst />);
    await user.click(input());
    expect(active()).toBe('Apple');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('Apple');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('rr');
    expect(active()).toBe('Cherry');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('Apple,Cherry');
  });

  it('the pointer highlights on hover and chooses on click, keeping the focus in the input', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.hover(screen.getByRole('option', { name: 'Cherry' }));
    expect(active()).toBe('Cherry');
    await user.click(screen.getByRole('option', { name: 'Banana' }));
    expect(chosen()).toBe('Banana');
    expect(input()).toHaveFocus();

    // Leaving the input closes the list.
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });
});
