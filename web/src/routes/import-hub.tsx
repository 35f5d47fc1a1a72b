import type { LucideIcon } from 'lucide-react';
import { ChevronRight, Download, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { Badge } from '../ui/badge.tsx';

function HubCard({
  to,
  icon: Icon,
  title,
  description,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-start gap-4 rounded-2xl border border-line bg-surface p-5 shadow-xs transition hover:border-line-strong hover:shadow-md"
    >
      <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
        <Icon aria-hidden className="size-5" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{title}</h2>
          <Badge>Beta</Badge>
        </div>
        <p className="mt-1 text-sm text-fg-muted">{description}</p>
      </div>
      <ChevronRight
        aria-hidden
        className="mt-3 size-5 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

/** `/import` (PRODUCT.md#import-and-export): the import and export hub, both marked Beta. */
export function ImportHubRoute() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title="Import & Export" />
      <p className="text-sm text-fg-muted">
        Move your bookmarks between Nestmark, your browser and other bookmark services with the
        standard bookmarks HTML file.
      </p>
      <div className="grid gap-4">
        <HubCard
          to="/import/bookmarks"
          icon={Upload}
          title="Import bookmarks"
          description="Bring in the bookmarks your browser exported. Folders become collections."
        />
        <HubCard
          to="/export/bookmarks"
          icon={Download}
          title="Export bookmarks"
          description="Download all your collections and bookmarks as one HTML file."
        />
      </div>
    </div>
  );
}
