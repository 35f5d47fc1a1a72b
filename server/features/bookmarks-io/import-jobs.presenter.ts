import type { ImportFormatId, ImportJob, ImportSummary } from '../../../contract/bookmarks-io.ts';
import type { ImportJobRow } from '../../db/schema.ts';
import { importFormatNames } from './import-format.ts';

/** An import job as the API shows it (contract importJobSchema). */
export function toImportJob(row: ImportJobRow): ImportJob {
  // Rows only ever hold ids of known formats: the service writes them.
  const format = row.format as ImportFormatId;
  return {
    id: row.id,
    status: row.status,
    phase: row.phase,
    file_name: row.file_name,
    format,
    format_name: importFormatNames[format],
    target_collection_id: row.target_collection_id,
    duplicates: row.duplicates,
    progress: {
      bytes_total: row.bytes_total,
      bytes_read: row.bytes_read,
      entries_read: row.entries_read,
      to_create: row.to_create,
      created: row.created,
    },
    summary: row.summary === null ? null : (JSON.parse(row.summary) as ImportSummary),
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}
