import { clsx } from 'clsx';

/** A pulsing placeholder block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={clsx('animate-pulse rounded-md bg-surface-muted', className)} />
  );
}
