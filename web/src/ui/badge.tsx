import type { ReactNode } from 'react';

/** A small label next to a title, e.g. "Beta". */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-text">
      {children}
    </span>
  );
}
