import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { confirmationMatches, TypeToConfirmDialog } from './type-to-confirm-dialog.tsx';

describe('confirmationMatches (PRODUCT.md#confirmation)', () => {
  it('accepts the word in any case', () => {
    expect(confirmationMatches('delete')).toBe(true);
    expect(confirmationMatches('Delete')).toBe(true);
    expect(confirmationMatches('DELETE')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(confirmationMatches('')).toBe(false);
    expect(confirmationMatches('delet')).toBe(false);
    expect(confirmationMatches('deleted')).toBe(false);
    expect(confirmationMatches(' delete')).toBe(false);
  });
});

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={setOpen}
      description="Gone for good."
      confirmLabel="Clear"
      onConfirm={onConfirm}
    />
  );
}

describe('TypeToConfirmDialog', () => {
  it('runs the action only after the word is typed, then closes', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Are you really sure ?' })).toBeTruthy();
    const clear = screen.getByRole('button', { name: 'Clear' });
    const input = screen.getByLabelText(/to confirm/);

    await userEvent.type(input, 'Delet{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect((clear as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(input, 'E{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
