import { clsx } from 'clsx';

/** Nestmark's mark: an orange tile with a bookmark ribbon (the same drawing as the favicon). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={clsx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#ff7700" />
      <path
        d="M10 7.5h12a1.5 1.5 0 0 1 1.5 1.5v15.6a.9.9 0 0 1-1.46.7L16 20.5l-6.04 4.8a.9.9 0 0 1-1.46-.7V9A1.5 1.5 0 0 1 10 7.5Z"
        fill="#2b1500"
      />
      <path
        d="M11.5 13.5c1.4 2.2 3 3.2 4.5 3.2s3.1-1 4.5-3.2"
        fill="none"
        stroke="#ff7700"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
