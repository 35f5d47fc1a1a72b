import type { ImportJob, ImportSummary } from '../../../../contract/bookmarks-io.ts';
import { formatCount, plural } from '../../lib/count.ts';

/** Share of the bar for reading the file; saving fills the rest. */
const READING_SHARE = 60;

/**
 * Where an import stands: a bar value from 0 to 100 and what it is doing. Reading the file fills
 * the first 60 %; saving the rest, by posts written (PostgreSQL reports them as it goes; on
 * SQLite the save shows as one busy step, the database being held by it).
 */
export function importProgress(job: ImportJob): { value: number; step: string; busy: boolean } {
  const { progress } = job;
  if (job.status === 'done') return { value: 100, step: 'Done', busy: false };
  if (job.phase === 'saving' || (job.status === 'failed' && progress.to_create !== null)) {
    const total = progress.to_create ?? 0;
    const share = total > 0 ? progress.created / total : 0;
    return {
      value: READING_SHARE + (100 - READING_SHARE) * share,
      step:
        progress.created > 0
          ? `Saving: ${formatCount(progress.created)} of ${plural(total, 'bookmark')}`
          : `Saving ${plural(total, 'bookmark')}`,
      busy: job.status === 'running' && progress.created === 0,
    };
  }
  const read = progress.bytes_total > 0 ? progress.bytes_read / progress.bytes_total : 0;
  return {
    value: READING_SHARE * read,
    step: `Reading the file: ${plural(progress.entries_read, 'entry', 'entries')} so far`,
    busy: false,
  };
}

/** Why entries were left out, one sentence per reason that occurred. */
export function skippedReasons(skipped: ImportSummary['skipped']): string[] {
  const lines: string[] = [];
  if (skipped.unsupported_scheme > 0) {
    lines.push(
      `${plural(skipped.unsupported_scheme, 'entry', 'entries')} not a web page (javascript:, place:, file: and the like)`,
    );
  }
  if (skipped.missing_url > 0) {
    lines.push(`${plural(skipped.missing_url, 'entry', 'entries')} without an address`);
  }
  if (skipped.invalid_url > 0) {
    lines.push(`${plural(skipped.invalid_url, 'entry', 'entries')} with an incomplete address`);
  }
  return lines;
}

/** What happened to duplicate URLs, or null when there were none. */
export function duplicatesSentence(duplicates: ImportSummary['duplicates']): string | null {
  if (duplicates.total === 0) return null;
  const where = [
    duplicates.in_target > 0 && `${plural(duplicates.in_target, 'link')} already in the collection`,
    duplicates.in_file > 0 && `${plural(duplicates.in_file, 'link')} repeated in the file`,
  ].filter(Boolean);
  return `${where.join(' and ')}: ${duplicates.kept ? 'imported anyway' : 'skipped'}.`;
}
