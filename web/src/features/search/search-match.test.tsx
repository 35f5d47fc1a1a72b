import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchMatch } from './search-match.tsx';

describe('SearchMatch', () => {
  it('names the field and marks the match in the snippet', () => {
    render(<SearchMatch match={{ field: 'text', snippet: 'a quokka smiles', ranges: [[2, 8]] }} />);
    expect(screen.getByText('Text')).toBeDefined();
    expect(screen.getByText('quokka').tagName).toBe('MARK');
  });

  it('adds nothing for a title match: the card shows the title already', () => {
    const { container } = render(
      <SearchMatch match={{ field: 'title', snippet: 'Quokka facts', ranges: [[0, 6]] }} />,
    );
    expect(container.childElementCount).toBe(0);
  });
});
