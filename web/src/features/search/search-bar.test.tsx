import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar, type SearchScope } from './search-bar.tsx';

const collections = ['Recipes', 'Work', 'Reading list', 'Travel', 'Archive'].map((name, id) => ({
  id: id + 1,
  name,
}));

function Harness({ onSubmit = () => {} }: { onSubmit?: () => void }) {
  const [text, setText] = useState('');
  const [scope, setScope] = useState<SearchScope | null>(null);
  return (
    <>
      <SearchBar
        text={text}
        onTextChange={setText}
        onSubmit={onSubmit}
        scope={scope}
        onScopeChange={setScope}
        collections={collections}
      />
      <output>{`${scope?.name ?? 'everywhere'}|${text}`}</output>
    </>
  );
}

const options = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('SearchBar (PRODUCT.md#search)', () => {
  it('suggests 4 collections on focus, then those matching the text', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByPlaceholderText('Type to search'));
    expect(options()).toEqual([
      'Search in Recipes',
      'Search in Work',
      'Search in Reading list',
      'Search in Travel',
    ]);
    await userEvent.keyboard('rE');
    expect(options()).toEqual(['Search in Recipes', 'Search in Reading list']);
  });

  it('picks a scope with the arrow keys and Enter; Backspace on the empty input removes it', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 're{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Search in Reading list' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Reading list|');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.keyboard('x{Backspace}');
    expect(screen.getByRole('status').textContent).toBe('Reading list|');
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByRole('status').textContent).toBe('everywhere|');
  });

  it('Escape closes the suggestions; the pointer picks one with a click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Search posts' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('r');
    await user.hover(screen.getByRole('option', { name: 'Search in Travel' }));
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Search in Travel' }).id,
    );
    await user.click(screen.getByRole('option', { name: 'Search in Work' }));
    expect(screen.getByRole('status').textContent).toBe('Work|');
    expect(input).toHaveFocus();
  });

  it('searches at once on Enter when no suggestion is chosen', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('combobox'), 'tag:work{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('everywhere|tag:work');
  });
});
