import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

/** A dialog holding a combobox whose list opens on focus and closes on Escape. */
function Harness() {
  const [open, setOpen] = useState(true);
  const [listOpen, setListOpen] = useState(false);
  return open ? (
    <Dialog open onOpenChange={setOpen} title="Add tags">
      <input
        aria-label="Tags"
        role="combobox"
        aria-expanded={listOpen}
        onFocus={() => setListOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && listOpen) setListOpen(false);
        }}
      />
    </Dialog>
  ) : (
    <p>closed</p>
  );
}

describe('Dialog', () => {
  it('leaves Escape to a combobox with its list open, and closes on the next one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add tags' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
