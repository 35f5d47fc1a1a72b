import type { ReactNode } from 'react';
import { useId } from 'react';

/** What a control inside a Field needs to be labelled and described. */
export interface FieldControl {
  id: string;
  /** For controls that are not labelable elements (the tree select): `aria-labelledby`. */
  labelId: string;
  /** For `aria-describedby`: the hint and the error, when there are any. */
  describedBy: string | undefined;
  invalid: boolean;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form control with an optional hint and an error message announced to screen readers. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({ id, labelId: `${id}-label`, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
