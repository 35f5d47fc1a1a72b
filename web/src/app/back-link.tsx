import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** A quiet link back to the parent page, above a sub-page's content. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="-ml-1 flex w-fit items-center gap-1.5 rounded-md px-1 py-0.5 text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
