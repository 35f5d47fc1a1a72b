import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiCombobox, suggestionsFor } from './multi-combobox.tsx';

describe('suggestionsFor', () => {
  it('offers known values not chosen yet that contain the text, ignoring case', () => {
    expect(suggestionsFor('RE', ['Recipes', 'read', 'Work'], ['read'])).toEqual([
      { value: 'Recipes', isNew: false },
      { value: 'RE', isNew: true },
    ]);
  });

  it('offers the typed text as new only when it is neither known nor chosen', () => {
    expect(suggestionsFor(' work ', ['Work'], [])).toEqual([{ value: 'Work', isNew: false }]);
    expect(suggestionsFor('later', [], ['Later'])).toEqual([]);
    expect(suggestionsFor('', ['a'], ['a'])).toEqual([]);
  });
});

function Harness({ options }: { options: string[] }) {
  const [values, setValues] = useState<string[]>(['keep']);
  return (
    <>
      <span id="label">Tags</span>
      <MultiCombobox
        labelId="label"
        values={values}
        onChange={setValues}
        options={options}
        placeholder="Add tag"
        emptyText="No additional tags found"
        createLabel={(text) => `Create tag "${text}"`}
      />
      <output>{values.join(',')}</output>
    </>
  );
}

describe('MultiCombobox', () => {
  it('picks a known value, creates a typed one, removes the last with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness options={['keep', 'news']} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(input);
    expect(screen.getByRole('option', { name: '#news' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('keep,news');

    await user.click(input);
    expect(screen.getByText('No additional tags found')).toBeInTheDocument();
    await user.type(input, 'tea time{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('keep,news,tea time');

    await user.keyboard('{Backspace}');
    expect(screen.getByRole('status')).toHaveTextContent('keep,news');
    await user.click(screen.getByRole('button', { name: 'Remove keep' }));
    expect(screen.getByRole('status')).toHaveTextContent('news');
  });
});
