import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** A message at the top of a form: what went wrong (`error`), or what happened (`success`). */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        tone === 'error'
          ? 'border-danger/30 bg-danger-soft text-danger-text'
          : 'border-success/30 bg-surface-muted text-fg',
      )}
    >
      <Icon
        aria-hidden
        className={clsx('mt-0.5 size-4 shrink-0', tone === 'success' && 'text-success')}
      />
      <span>{children}</span>
    </div>
  );
}
