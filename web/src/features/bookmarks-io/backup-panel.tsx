import { DatabaseBackup } from 'lucide-react';
import { backupFileName } from '../../../../contract/bookmarks-io.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { useDownloadBackup } from './bookmarks-io.queries.ts';
import { failureNotice } from './failure-notice.ts';

/** Download of the whole account as one JSON file (`GET /api/backups`). */
export function BackupPanel() {
  const download = useDownloadBackup();

  async function start() {
    if (download.isPending) return;
    try {
      await download.mutateAsync();
    } catch (error) {
      notify(failureNotice(error));
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-fg-muted">
        <span className="font-medium text-fg">{backupFileName(new Date())}</span> holds everything:
        collections, posts with their formatting, the recycle bin, tags, the links you shared and
        the saved copies of your pages. Restore it into an empty account, here or on another
        Nestmark server. Keep it private: it contains your share links.
      </p>
      <div className="flex justify-end">
        <Button busy={download.isPending} onClick={() => void start()}>
          {!download.isPending && <DatabaseBackup aria-hidden />}
          Download backup
        </Button>
      </div>
    </div>
  );
}
