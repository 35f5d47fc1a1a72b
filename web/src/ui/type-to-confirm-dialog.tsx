import { useId, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Input } from './input.tsx';

/** PRODUCT.md#confirmation: the word a user types to confirm a destructive action. */
const CONFIRMATION_WORD = 'delete';

/**
 * PRODUCT.md#confirmation: the action runs only if the typed text equals the word, ignoring case.
 */
export function confirmationMatches(typed: string, word = CONFIRMATION_WORD): boolean {
  return typed.toLowerCase() === word.toLowerCase();
}

/**
 * The confirmation dialog of PRODUCT.md#recycle-bin ('Are you really sure ?'): the user types
 * 'delete' (any case, PRODUCT.md#confirmation) before the danger button runs `onConfirm`; the
 * dialog closes as it runs.
 */
export function TypeToConfirmDialog({
  open,
  onOpenChange,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const matches = confirmationMatches(typed);

  /** Opening or closing starts the typing over. */
  function setOpen(next: boolean) {
    setTyped('');
    onOpenChange(next);
  }

  function confirm() {
    if (!matches) return;
    setOpen(false);
    onConfirm();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Are you really sure ?"
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={`${inputId}-form`} disabled={!matches}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        className="flex flex-col gap-1.5"
      >
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          Type <strong className="font-semibold">{CONFIRMATION_WORD}</strong> to confirm
        </label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
