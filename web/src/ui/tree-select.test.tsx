import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TreeOption } from './tree-select.tsx';
import { nextActiveIndex, TreeSelect } from './tree-select.tsx';

const options: TreeOption<number | null>[] = [
  { value: null, label: 'None', depth: 0 },
  { value: 1, label: 'Work', depth: 0 },
  { value: 2, label: 'Projects', depth: 1 },
  { value: 3, label: 'Nestmark', depth: 2 },
  { value: 4, label: 'Home', depth: 0 },
];

function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <span id="label">Subcollection of</span>
      <TreeSelect labelId="label" options={options} value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
      <button type="button">after</button>
    </>
  );
}

describe('nextActiveIndex', () => {
  const labels = options.map((option) => option.label);
  it('moves with arrows and stops at the ends', () => {
    expect(nextActiveIndex('ArrowDown', 0, labels)).toBe(1);
    expect(nextActiveIndex('ArrowDown', 4, labels)).toBe(4);
    expect(nextActiveIndex('ArrowUp', 0, labels)).toBe(0);
    expect(nextActiveIndex('End', 0, labels)).toBe(4);
    expect(nextActiveIndex('Home', 3, labels)).toBe(0);
  });

  it('jumps to the next label starting with a typed letter, wrapping around', () => {
    expect(nextActiveIndex('n', 0, labels)).toBe(3);
    expect(nextActiveIndex('n', 3, labels)).toBe(0);
    expect(nextActiveIndex('x', 1, labels)).toBeUndefined();
    expect(nextActiveIndex('Shift', 1, labels)).toBeUndefined();
  });
});

describe('TreeSelect', () => {
  it('is a labelled combobox showing the chosen option', () => {
    render(<Harness initial={2} />);
    const combobox = screen.getByRole('combobox', { name: 'Subcollection of' });
    expect(combobox).toHaveTextContent('Projects');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens, moves and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'None' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape without choosing, and chooses on Tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{ArrowDown}{End}{Escape}');
    expect(screen.getByTestId('value')).toHaveTextContent('null');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('chooses an option by click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Nestmark' }));
    expect(screen.getByTestId('value')).toHaveTextContent('3');
  });
});
