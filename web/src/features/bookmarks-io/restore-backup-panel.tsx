import { ArchiveRestore } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RestoreResult } from '../../../../contract/bookmarks-io.ts';
import { plural } from '../../lib/count.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { useRestoreBackup } from './bookmarks-io.queries.ts';
import { failureNotice } from './failure-notice.ts';

/** What a restore brought back, in one sentence. */
function restoredSentence(result: RestoreResult): string {
  const parts = [
    plural(result.collections, 'collection'),
    plural(result.posts, 'post'),
    plural(result.tags, 'tag'),
    plural(result.public_shares + result.private_shares, 'share'),
  ];
  const notes = [
    result.public_shares_renewed > 0 &&
      `${plural(result.public_shares_renewed, 'public link')} got a new address (the old one is in use on this server)`,
    result.private_shares_dropped > 0 &&
      `${plural(result.private_shares_dropped, 'share')} with people who have no account here left out`,
    result.page_copies > 0 && `${plural(result.page_copies, 'page copy', 'page copies')} restored`,
    result.page_copies_skipped > 0 &&
      `${plural(result.page_copies_skipped, 'page copy', 'page copies')} not restored: over this server’s limits`,
  ].filter(Boolean);
  return `Restored ${parts.join(', ')}.${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}`;
}

/**
 * Restore of a Nestmark backup (`POST /api/backups`) into this account, which must be empty: a
 * file picker and a button; the server explains a refusal (409 not empty, 422 not a backup).
 */
export function RestoreBackupPanel() {
  const restore = useRestoreBackup();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RestoreResult | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || restore.isPending) return;
    try {
      const restored = await restore.mutateAsync(file);
      setResult(restored);
      notify({
        type: 'success',
        title: 'Backup restored',
        description: restoredSentence(restored),
      });
    } catch (error) {
      notify(failureNotice(error));
    }
  }

  if (result) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <p className="text-sm text-fg">{restoredSentence(result)}</p>
        <div className="flex justify-end">
          <Link to="/" className={buttonClasses('primary')}>
            Go to my posts
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 sm:flex-row sm:items-center"
    >
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-line-strong px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring hover:border-fg-subtle">
        <span className={buttonClasses('secondary', 'sm', 'pointer-events-none')}>Choose file</span>
        <span className="min-w-0 truncate text-fg-muted">
          {file ? file.name : 'nestmark-backup-….json'}
        </span>
        <input
          type="file"
          accept=".json,application/json"
          aria-label="Backup file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="sr-only"
        />
      </label>
      <Button type="submit" disabled={!file} busy={restore.isPending}>
        {!restore.isPending && <ArchiveRestore aria-hidden />}
        Restore
      </Button>
    </form>
  );
}
