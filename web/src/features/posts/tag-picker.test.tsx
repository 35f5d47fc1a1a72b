import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CountedTag } from '../../../../contract/tags.ts';
import { tagKeys } from '../tags/tags.queries.ts';
import { tagSuggestions } from '../tags/tag-input.tsx';
import { TagPicker } from './tag-picker.tsx';

describe('tagSuggestions', () => {
  it('offers known tags not chosen yet that contain the text, ignoring case', () => {
    expect(tagSuggestions('RE', ['Recipes', 'read', 'Work'], ['read'])).toEqual([
      { name: 'Recipes', isNew: false },
      { name: 'RE', isNew: true },
    ]);
  });

  it('offers the typed text as new only when it is neither known nor chosen', () => {
    expect(tagSuggestions(' work ', ['Work'], [])).toEqual([{ name: 'Work', isNew: false }]);
    expect(tagSuggestions('later', [], ['Later'])).toEqual([]);
    expect(tagSuggestions('', ['a'], ['a'])).toEqual([]);
  });
});

function Harness() {
  const [values, setValues] = useState<string[]>(['keep']);
  return (
    <>
      <span id="label">Tags</span>
      <TagPicker id="tags" labelId="label" values={values} onChange={setValues} />
      <output>{values.join(',')}</output>
    </>
  );
}

function renderPicker(tags: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData<CountedTag[]>(
    tagKeys.all,
    tags.map((name, index) => ({ id: index + 1, name, post_count: 1 })),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Tags' });
}

const values = () => screen.getByRole('status').textContent;
const options = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('TagPicker (PRODUCT.md#post-editor)', () => {
  it('picks a known tag, creates a typed one, removes the last with Backspace', async () => {
    const user = userEvent.setup();
    const input = renderPicker(['keep', 'news']);
    expect(input).toHaveAttribute('placeholder', 'Add tag');
    await user.click(input);
    // The first suggestion is highlighted: Enter takes it.
    expect(options()).toEqual(['#news']);
    await user.keyboard('{Enter}');
    expect(values()).toBe('keep,news');
    // Chosen: the list closes rather than cover the editor below.
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(screen.getByText('No additional tags found')).toBeVisible();
    await user.type(input, 'tea time');
    expect(options()).toEqual(['Create tag "tea time"']);
    await user.keyboard('{Enter}');
    expect(values()).toBe('keep,news,tea time');
    expect(input).toHaveValue('');

    await user.keyboard('{Backspace}');
    expect(values()).toBe('keep,news');
    await user.click(screen.getByRole('button', { name: 'Remove keep' }));
    expect(values()).toBe('news');
  });

  it('arrows move to another suggestion; a comma chooses like Enter and is never typed', async () => {
    const user = userEvent.setup();
    const input = renderPicker(['news', 'newsletter', 'notes']);
    await user.type(input, 'new');
    expect(options()).toEqual(['#news', '#newsletter', 'Create tag "new"']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: '#newsletter' }).id,
    );
    await user.keyboard(',');
    expect(values()).toBe('keep,newsletter');
    expect(input).toHaveValue('');

    // A comma in the empty input chooses nothing.
    await user.keyboard(',');
    expect(values()).toBe('keep,newsletter');
    expect(input).toHaveValue('');
  });

  it('after Escape, Enter adds the typed text as it is', async () => {
    const user = userEvent.setup();
    const input = renderPicker(['news']);
    await user.type(input, 'ne');
    expect(options()).toEqual(['#news', 'Create tag "ne"']);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(values()).toBe('keep,ne');
  });

  it('a click chooses a suggestion', async () => {
    const user = userEvent.setup();
    const input = renderPicker(['news', 'notes']);
    await user.click(input);
    await user.click(screen.getByRole('option', { name: '#notes' }));
    expect(values()).toBe('keep,notes');
    expect(input).toHaveFocus();
  });
});
