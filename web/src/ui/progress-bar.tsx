import { clsx } from 'clsx';

/**
 * A determinate progress bar (`role="progressbar"`, 0–100). `busy` shows a moving shimmer for a
 * step whose own progress cannot be measured.
 */
export function ProgressBar({
  value,
  label,
  busy = false,
}: {
  value: number;
  /** Accessible name, e.g. "Import progress". */
  label: string;
  busy?: boolean;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-busy={busy || undefined}
      className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
    >
      <div
        className={clsx(
          'h-full rounded-full bg-accent transition-[width] duration-300 ease-out',
          busy && 'animate-pulse',
        )}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
