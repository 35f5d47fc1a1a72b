import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

/** A turning circle; decorative unless `label` is given, which screen readers then announce. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden className={clsx('animate-spin', className)} />
      {label && <span className="sr-only">{label}</span>}
    </>
  );
}

/** A centred spinner filling its container, for a page whose data is on its way. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-48 flex-1 items-center justify-center text-fg-subtle">
      <Spinner label={label} className="size-6" />
    </div>
  );
}
