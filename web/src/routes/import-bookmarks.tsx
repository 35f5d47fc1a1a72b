import { useSearchParams } from 'react-router';
import { BackLink } from '../app/back-link.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { ImportBookmarksForm } from '../features/bookmarks-io/import-bookmarks-form.tsx';
import { ImportJobView } from '../features/bookmarks-io/import-job-view.tsx';
import { RestoreBackupPanel } from '../features/bookmarks-io/restore-backup-panel.tsx';
import { Badge } from '../ui/badge.tsx';
import { Card } from '../ui/card.tsx';

/**
 * `/import/bookmarks` (PRODUCT.md#import-and-export): upload a bookmarks file; with `?job={id}`,
 * that import's progress and summary. Below the upload: restoring a Nestmark backup.
 */
export function ImportBookmarksRoute() {
  const [search] = useSearchParams();
  const job = search.get('job');
  const jobId = job && /^\d+$/.test(job) ? Number(job) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title="Import bookmarks" />
      <BackLink to="/import">Import & Export</BackLink>
      <Card aria-labelledby="import-heading" className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="import-heading" className="text-base font-semibold">
            From your browser or another service
          </h2>
          <Badge>Beta</Badge>
        </div>
        {jobId === undefined ? (
          <>
            <p className="mt-1.5 mb-5 text-sm text-fg-muted">
              Choose your browser’s bookmarks export, an .html file (in Chrome, Edge and Firefox
              under Bookmarks → Export; in Safari under File → Export Bookmarks). Exports of Pocket,
              Instapaper, Pinboard, Delicious, Linkwarden and Chrome’s or Firefox’s own JSON work
              too. Folders become nested collections.
            </p>
            <ImportBookmarksForm />
          </>
        ) : (
          <div className="mt-5">
            <ImportJobView key={jobId} id={jobId} />
          </div>
        )}
      </Card>
      {jobId === undefined && (
        <Card aria-labelledby="restore-heading" className="p-5 sm:p-6">
          <h2 id="restore-heading" className="text-base font-semibold">
            Restore a Nestmark backup
          </h2>
          <p className="mt-1.5 mb-5 text-sm text-fg-muted">
            Brings back everything a backup holds, into an account that is still empty.
          </p>
          <RestoreBackupPanel />
        </Card>
      )}
    </div>
  );
}
