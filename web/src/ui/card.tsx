import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

/** A rounded, bordered panel on the page background. */
export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={clsx('rounded-2xl border border-line bg-surface shadow-xs', className)}
      {...props}
    />
  );
}
