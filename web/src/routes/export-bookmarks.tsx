import { BackLink } from '../app/back-link.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { BackupPanel } from '../features/bookmarks-io/backup-panel.tsx';
import { ExportBookmarksPanel } from '../features/bookmarks-io/export-bookmarks-panel.tsx';
import { Badge } from '../ui/badge.tsx';
import { Card } from '../ui/card.tsx';

/**
 * `/export/bookmarks` (PRODUCT.md#import-and-export): download bookmarks as an HTML file; below, a
 * full backup.
 */
export function ExportBookmarksRoute() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title="Export bookmarks" />
      <BackLink to="/import">Import & Export</BackLink>
      <Card aria-labelledby="export-heading" className="p-5 sm:p-6">
        <div className="mb-1.5 flex flex-wrap items-center gap-2">
          <h2 id="export-heading" className="text-base font-semibold">
            Your bookmarks
          </h2>
          <Badge>Beta</Badge>
        </div>
        <ExportBookmarksPanel />
      </Card>
      <Card aria-labelledby="backup-heading" className="p-5 sm:p-6">
        <h2 id="backup-heading" className="mb-1.5 text-base font-semibold">
          Back up your account
        </h2>
        <BackupPanel />
      </Card>
    </div>
  );
}
