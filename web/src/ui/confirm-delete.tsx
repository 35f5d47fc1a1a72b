import { useState } from 'react';
import { Button } from './button.tsx';

/**
 * A delete button that asks once more: `label` first, then `confirmLabel` (danger) or Cancel.
 * `onConfirm` handles its own failure; afterwards the question closes again.
 */
export function ConfirmDelete({
  label,
  confirmLabel,
  busy,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      {confirming ? (
        <>
          <Button
            variant="danger"
            busy={busy}
            onClick={() => void onConfirm().finally(() => setConfirming(false))}
            autoFocus
          >
            {confirmLabel}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="danger-outline" onClick={() => setConfirming(true)}>
          {label}
        </Button>
      )}
    </div>
  );
}
